import Foundation
import TestSupport
import Testing

@testable import RunStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Writing a file under a temporary name, then renaming it into place")
struct AtomicFileWriterTests {
    @Test(
        "refuses, with regularFileOnly, anything at the path but a regular file, and leaves it as it is",
        arguments: PathOccupant.allCases)
    func leavesOtherKinds(occupant: PathOccupant) throws {
        let folder = try TemporaryDirectory(prefix: "atomic")
        defer { folder.remove() }
        let path = folder.path + "/file.prom"
        try occupant.make(at: path)
        let before = PathOccupant.state(at: path)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

        #expect(
            throws: OutputError(
                operation: "write", path: path,
                reason: "it is \(occupant.kindName), not a regular file, and is left as it is")
        ) {
            try AtomicFileWriter.write(Data("new\n".utf8), to: path, regularFileOnly: true)
        }

        #expect(PathOccupant.state(at: path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
    }

    @Test("leaves a FIFO made at an empty path after the writer opened, with regularFileOnly")
    func fifoMadeBeforeCommit() throws {
        let folder = try TemporaryDirectory(prefix: "atomic")
        defer { folder.remove() }
        let path = folder.path + "/file.prom"
        let writer = try AtomicFileWriter(finalPath: path, regularFileOnly: true)
        try writer.write(Data("new\n".utf8))
        try PathOccupant.fifo.make(at: path)
        let before = PathOccupant.state(at: path)

        #expect(throws: OutputError.self) { try writer.commit() }

        #expect(PathOccupant.state(at: path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.prom"])
    }

    @Test(
        "creates a new file, or replaces a regular one, with regularFileOnly, and leaves no temporary file",
        arguments: [false, true])
    func writesRegularFiles(previousExists: Bool) throws {
        let folder = try TemporaryDirectory(prefix: "atomic")
        defer { folder.remove() }
        if previousExists { _ = try folder.write("previous\n", to: "file.prom") }

        try AtomicFileWriter.write(Data("new\n".utf8), to: folder.path + "/file.prom", regularFileOnly: true)

        #expect(try folder.read("file.prom") == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.prom"])
    }
}
