// PLACEHOLDER until the catalogue-rows and id-exports branches land.
import Foundation
import HTTPClient
import TMDBAPI

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
