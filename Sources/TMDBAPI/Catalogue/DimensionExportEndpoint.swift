import HTTPClient

extension TMDB {
    /// `GET {files base URL}/{file name}`: one daily dimension export (keywords, companies, networks), gzip bytes,
    /// downloaded to disk like ``IDExport``, through the same credential-free client.
    public struct DimensionExport: Endpoint {
        /// Never decoded: the body goes to a file.
        public typealias Response = Never

        public var file: DimensionExportFile

        public init(_ file: DimensionExportFile) {
            self.file = file
        }

        public var path: String { file.fileName }

        /// Refuses: an export file is downloaded to a file, never decoded in memory.
        public func decodeResponse(_ response: HTTPResponse) throws -> Never {
            throw UnacceptableBody("an export file is downloaded to a file (APIClient.download), not decoded")
        }
    }
}
