// PLACEHOLDER until the catalogue-rows and id-exports branches land.
import Foundation
import HTTPClient
import TMDBAPI

struct CatalogueTable: Sendable, Hashable {
    var name: String
    var csvHeader: [UInt8]
}
struct CatalogueRows: Sendable {
    struct TableRows: Sendable {
        var csv: [UInt8] = []
        var ndjson: [UInt8] = []
        var count = 0
    }
    var id: Int
    var tables: [TableRows]
    var details: [UInt8]
}
struct CatalogueRecordError: Error, Sendable {}
struct CatalogueRowEncoder: Sendable {
    init(type: CatalogueType, appending: Set<AppendedResource>, csv: Bool, ndjson: Bool) { tables = [] }
    let tables: [CatalogueTable]
    func rows(fromDetails body: UnsafeRawBufferPointer) throws(CatalogueRecordError) -> CatalogueRows {
        throw CatalogueRecordError()
    }
}
extension TMDB {
    public struct CatalogueDetails: Endpoint {
        public typealias Response = Data
        public var type: CatalogueType
        public var id: Int
        public var appending: [AppendedResource]
        public var language: String
        public var path: String { "\(type.rawValue)/\(id)" }
        public func decodeResponse(_ response: HTTPResponse) throws -> Data { response.body }
    }
}
struct SelectedExport: Sendable {
    var ids: CatalogueIDs
    var day: ExportDay
    var missingDay: ExportDay?
    var fileNames: [String]
    var linesRead: Int
    static func fetch(
        _ request: Job.CatalogueRequest, files: APIClient, directory: String, now: Date
    ) async throws(ExportError) -> SelectedExport {
        throw .interrupted
    }
}
