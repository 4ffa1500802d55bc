import Foundation

/// The file system calls `strace -f -e trace=openat,linkat` saw a process and its threads make, read from strace's
/// output file: which paths each call named, and whether it could write.
public struct SystemCallTrace: Sendable {
    public struct Call: Sendable, CustomStringConvertible {
        public var name: String
        /// The paths the call named, made absolute against the working directory and without `.` or `..`.
        public var paths: [String]
        /// An `openat` that asked to write, create or truncate, or a `linkat`.
        public var writes: Bool
        public var description: String
    }

    public var calls: [Call]

    /// strace, when this machine has it (`.ci/run` installs it).
    public static var strace: String? {
        ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether a test that needs strace must fail without it rather than be skipped: set by `.ci/run`.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["TMDB_EXPORT_REQUIRE_STRACE"] == "1" }

    /// The arguments that run a program under strace, writing the trace to `output`.
    public static func tracer(writingTo output: String) -> [String] {
        [strace ?? "/usr/bin/strace", "-f", "-qq", "-s", "4096", "-e", "trace=openat,linkat", "-o", output]
    }

    /// Reads strace's output; relative paths are taken against `directory`.
    public init(contentsOf path: String, directory: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        calls = text.split(separator: "\n").compactMap { line in
            let line = String(line)
            guard let name = ["openat", "linkat"].first(where: { line.contains(" \($0)(") }) else { return nil }
            let paths = Self.quoted(in: line).map { path in
                URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory, isDirectory: true))
                    .standardized.path
            }
            let writes =
                name == "linkat" || ["O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC"].contains { line.contains($0) }
            return Call(name: name, paths: paths, writes: writes, description: line)
        }
    }

    /// The calls that named a path under `folder`.
    public func calls(naming folder: String) -> [Call] {
        calls.filter { call in call.paths.contains { Self.path($0, isUnder: folder) } }
    }

    /// The calls that wrote (or linked) anywhere but under one of `folders`.
    public func writes(outside folders: [String]) -> [Call] {
        calls.filter { call in
            call.writes && call.paths.contains { path in !folders.contains { Self.path(path, isUnder: $0) } }
        }
    }

    private static func path(_ path: String, isUnder folder: String) -> Bool {
        let folder = URL(fileURLWithPath: folder).standardized.path
        return path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The double-quoted strings of one strace line, with strace's escapes left as they are.
    private static func quoted(in line: String) -> [String] {
        var strings: [String] = []
        var current: String?
        var escaped = false
        for character in line {
            guard current != nil else {
                if character == "\"" { current = "" }
                continue
            }
            if escaped {
                current!.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                strings.append(current!)
                current = nil
            } else {
                current!.append(character)
            }
        }
        return strings
    }
}
