import Foundation
import RunStore
import TMDBAPI
import Testing

@testable import RunReport

@Suite("Run description: the data package and the load script, from the writers' own definitions")
struct RunDescriptionTests {
    static func file(_ path: String, rows: Int = 3) -> Manifest.DataFile {
        Manifest.DataFile(
            path: path, format: path.hasSuffix(".csv") ? "csv" : "ndjson", rows: rows, bytes: 10, sha256: "ab")
    }

    static var summary: Manifest.CatalogueSummary {
        var summary = Manifest.CatalogueSummary(
            type: .movie, append: ["keywords"], exportDateRequested: "latest", exportDate: "2026-03-05",
            exportFiles: [], idsInExport: 3, idsDroppedAsAdult: 0, idsBelowMinPopularity: 0, idsCutByLimit: 0,
            duplicateIDsInExport: 0, idsPlanned: 3, idsFetched: 3, idsRemoved: 0, idsFailed: 0,
            files: ["movies.csv", "movies.ndjson", "movie_keywords.csv", "collections.csv", "movie_details.ndjson"]
                .map { file($0) })
        summary.deltaFiles = [file("delta/movie_keywords.upserts.csv"), file("delta/movie_changed_ids.csv")]
        return summary
    }

    @Test("every catalogue table's key names its own columns")
    func keysAreColumns() {
        for type in CatalogueType.allCases {
            for table in CatalogueTable.tables(for: type, appending: Set(AppendedResource.supported(by: type))) {
                let names = Set(table.columns.map(\.name))
                #expect(table.key.allSatisfy(names.contains), "\(table.name): key \(table.key)")
                // TMDB repeats a country, type and date in release dates, a country in content ratings, and may repeat
                // a name in a person's also_known_as; an alternative title has no id.
                let unkeyed = [
                    "movie_release_dates", "tv_content_ratings", "person_aliases", "movie_alternative_titles",
                    "tv_alternative_titles",
                ]
                #expect(!table.key.isEmpty || unkeyed.contains(table.name), "\(table.name) has no key")
            }
        }
    }

    @Test(
        "describes each file with its table's columns and keys, child tables referring to the main table in their own folder and format"
    )
    func catalogueTables() throws {
        let tables = CatalogueDescription.tables(Self.summary)
        #expect(tables.map(\.file.path) == Self.summary.files.map(\.path) + Self.summary.deltaFiles!.map(\.path))
        let keywords = try #require(tables.first { $0.file.path == "movie_keywords.csv" })
        #expect(keywords.columns?.map(\.name) == ["movie_id", "keyword_id", "name"])
        #expect(keywords.primaryKey == ["movie_id", "keyword_id"])
        #expect(keywords.foreignKeys == [.init(fields: ["movie_id"], table: "movies", referencedFields: ["id"])])
        #expect(tables.first { $0.file.path == "movie_details.ndjson" }?.columns == nil)
        #expect(tables.first { $0.file.path == "delta/movie_changed_ids.csv" }?.primaryKey == ["id"])

        let manifest = try JSONDecoder().decode(
            Manifest.self,
            from: Data(
                #"{"job":"nightly","runId":"20260305T120000Z","resumed":false,"status":"complete","startedAt":"a","finishedAt":"b","elapsedSeconds":1,"toolVersion":"t","apiBaseUrl":"u","language":"en-US","concurrency":1,"requests":[],"failures":[],"apiRequests":0,"apiRetries":0,"throttled":0,"posterRequests":0,"posterRetries":0,"unsafePosterPaths":[]}"#
                    .utf8))
        let package = DataPackage(manifest: manifest, tables: tables)
        let json = String(decoding: try package.encoded(), as: UTF8.self)
        #expect(json.contains(DataPackage.attribution))
        let resource = try #require(package.resources.first { $0.path == "movie_keywords.csv" })
        #expect(resource.schema?.foreignKeys?.first?.reference.resource == "movies-csv")
        #expect(resource.hash == "sha256:ab")
        // The delta's keywords have no movies of their own in this night: no reference to a table that is not there.
        let delta = try #require(package.resources.first { $0.path == "delta/movie_keywords.upserts.csv" })
        #expect(delta.schema?.foreignKeys == nil)
        // A list is `|`-joined text in CSV and an array in NDJSON.
        let movies = try #require(package.resources.first { $0.path == "movies.ndjson" })
        #expect(movies.schema?.fields.first { $0.name == "origin_country" }?.type == "array")
        let moviesCSV = try #require(package.resources.first { $0.path == "movies.csv" })
        #expect(moviesCSV.schema?.fields.first { $0.name == "origin_country" }?.type == "string")

        let script = LoadScript.text(manifest: manifest, tables: tables)
        // Parents first: collections, then movies (which refers to it), then the keywords.
        let order = ["CREATE TABLE \"collections\"", "CREATE TABLE \"movies\"", "CREATE TABLE \"movie_keywords\""]
            .map { script.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })
        #expect(script.contains("-- References: (movie_id) → movies (id)"))
        #expect(script.contains("PRIMARY KEY (\"movie_id\", \"keyword_id\")"))
        #expect(!script.contains("    FOREIGN KEY ("))
        #expect(script.contains("COPY \"movie_keywords\" FROM 'movie_keywords.csv'"))
        #expect(script.contains("-- COPY \"movies\" TO 'movies.parquet' (FORMAT parquet);"))
        #expect(!script.contains("delta/"))
    }

    @Test(
        "describes an NDJSON file of no rows (empty) by its size and hash alone, and one of one row as a table, so frictionless can read both"
    )
    func emptyNDJSON() throws {
        var summary = Self.summary
        summary.files = [
            Self.file("movies.csv", rows: 1), Self.file("movies.ndjson", rows: 1),
            Manifest.DataFile(path: "collections.csv", format: "csv", rows: 0, bytes: 40, sha256: "cc"),
            Manifest.DataFile(path: "collections.ndjson", format: "ndjson", rows: 0, bytes: 0, sha256: "e3"),
        ]
        summary.deltaFiles = nil
        let manifest = try JSONDecoder().decode(
            Manifest.self,
            from: Data(
                #"{"job":"tiny","runId":"20260305T120000Z","resumed":false,"status":"complete","startedAt":"a","finishedAt":"b","elapsedSeconds":1,"toolVersion":"t","apiBaseUrl":"u","language":"en-US","concurrency":1,"requests":[],"failures":[],"apiRequests":0,"apiRetries":0,"throttled":0,"posterRequests":0,"posterRetries":0,"unsafePosterPaths":[]}"#
                    .utf8))
        let package = DataPackage(manifest: manifest, tables: CatalogueDescription.tables(summary))
        let empty = try #require(package.resources.first { $0.path == "collections.ndjson" })
        #expect(empty.type == "file" && empty.profile == "data-resource" && empty.schema == nil)
        #expect(empty.bytes == 0 && empty.hash == "sha256:e3" && empty.mediatype == "application/x-ndjson")
        let emptyCSV = try #require(package.resources.first { $0.path == "collections.csv" })
        #expect(emptyCSV.type == nil && emptyCSV.schema?.primaryKey == ["collection_id"])
        let one = try #require(package.resources.first { $0.path == "movies.ndjson" })
        #expect(one.type == nil && one.profile == "tabular-data-resource" && one.schema?.primaryKey == ["id"])
        // No reference to a resource without a schema; the CSV twin keeps its reference.
        #expect(one.schema?.foreignKeys == nil)
        let moviesCSV = try #require(package.resources.first { $0.path == "movies.csv" })
        #expect(moviesCSV.schema?.foreignKeys?.first?.reference.resource == "collections-csv")
        let json = String(decoding: try package.encoded(), as: UTF8.self)
        #expect(json.components(separatedBy: #""type" : "file""#).count == 2)
    }
}

@Suite("Run description of list requests")
struct ListDescriptionTests {
    @Test("describes a list's files with its table's columns, keyed by id, its details referring to the list")
    func listTables() throws {
        var summary = Manifest.RequestSummary(endpoint: "movie/popular", pages: "1-2")
        summary.files = ["movie_popular.csv", "movie_popular_details.csv"].map { RunDescriptionTests.file($0) }
        let manifest = try JSONDecoder().decode(
            Manifest.self,
            from: Data(
                #"{"job":"lists","runId":"r","resumed":false,"status":"complete","startedAt":"a","finishedAt":"b","elapsedSeconds":1,"toolVersion":"t","apiBaseUrl":"u","language":"en-US","concurrency":1,"requests":[],"failures":[],"apiRequests":0,"apiRetries":0,"throttled":0,"posterRequests":0,"posterRetries":0,"unsafePosterPaths":[]}"#
                    .utf8))
        var withRequests = manifest
        withRequests.requests = [summary]
        let tables = ListDescription.tables(
            withRequests, lists: [DescribedList(slug: "movie_popular", mediaType: .movie)])
        #expect(tables.map(\.name) == ["movie_popular", "movie_popular_details"])
        #expect(tables[0].columns == ListTable.movies.columns && tables[0].primaryKey == ["id"])
        #expect(tables[1].columns == ListTable.details.columns)
        #expect(tables[1].foreignKeys == [.init(fields: ["id"], table: "movie_popular", referencedFields: ["id"])])
    }
}
