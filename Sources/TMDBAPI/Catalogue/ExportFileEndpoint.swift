import Foundation
import HTTPClient

extension TMDB {
    /// Where TMDB's daily export files are served; no credentials.
    public static let filesBaseURL = URL(string: "https://files.tmdb.org/p/exports")!

    /// `GET {files base URL}/{file name}`: one daily export file, gzip bytes (a `.json.gz` file, not a
    /// `Content-Encoding`). Sent through a client of its own, whose base URL is the files' and which has no
    /// credentials, and always with `APIClient.download(_:to:maximumBytes:)`: the file is never held in memory.
    public struct ExportFile<File: DailyExportFile>: Endpoint {
        /// Never decoded: the body goes to a file.
        public typealias Response = Never

        public var file: File

        public init(_ file: File) {
            self.file = file
        }

        public var path: String { file.fileName }

        /// Refuses: an export file is downloaded to disk, never decoded in memory.
        public func decodeResponse(_ response: HTTPResponse) throws -> Never {
            throw UnacceptableBody("an export file is downloaded to a file (APIClient.download), not decoded")
        }
    }
}
