import Foundation
import RunStore
import Synchronization
import TMDBAPI
import TMDBSandbox
import TestSupport
import Testing

@testable import Exporter

/// A night against the sandbox's hostile values (``SandboxHostileValues``): NUL, lone surrogates, impossible dates,
/// 2^63, out-of-range numbers, a genre listed twice, a 3 MB overview and `\.` lines, for fixed ids.
@Suite("Hostile values end to end", .timeLimit(.minutes(15)))
struct HostileValuesEndToEndTests {
    static let job = Job(
        name: "hostile", requests: [],
        catalogue: [
            Job.CatalogueRequest(type: .movie, append: AppendedResource.supported(by: .movie)),
            Job.CatalogueRequest(type: .tv, append: AppendedResource.supported(by: .tv)),
        ])

    /// A universe small enough to fetch whole, with ``SandboxHostileValues``' ids among its 20 movies and 3 series.
    static func hostileUniverse(_ options: inout SandboxOptions) {
        options.catalogueSize = 20
        options.seriesCatalogueSize = 3
        options.faults.hostileValues = true
    }

    /// The rows of `table`'s CSV, header first.
    static func records(_ directory: String, _ table: CatalogueTable) throws -> [[String]] {
        try CSVReader.records(try String(contentsOfFile: "\(directory)/\(table.name).csv", encoding: .utf8))
    }

    @Test("the night is complete and published, and every table holds values that load: no NUL, dates, unique keys")
    func nightLoads() async throws {
        let harness = try SandboxHarness(Self.hostileUniverse)
        try await harness.closing {
            let warnings = Mutex<[String]>([])
            let report = try await harness.exporter(
                options: CatalogueEndToEndTests.options(harness, folder: "h"),
                onEvent: { event in
                    if case .warning(let message) = event { warnings.withLock { $0.append(message) } }
                }
            ).run(Self.job)
            #expect(report.manifest.status == .complete)
            #expect(report.publishedAsLatest)
            let directory = report.runDirectory

            for file in try FileManager.default.contentsOfDirectory(atPath: directory)
            where file.hasSuffix(".csv") || file.hasSuffix(".ndjson") {
                let bytes = try #require(FileManager.default.contents(atPath: "\(directory)/\(file)"))
                #expect(!bytes.contains(0), "NUL byte in \(file)")
            }

            for request in Self.job.catalogue {
                for table in CatalogueTable.tables(for: request.type, appending: Set(request.append))
                where table.derivation == nil {
                    let records = try Self.records(directory, table)
                    let header = try #require(records.first, "\(table.name) has no header")
                    for (index, column) in table.columns.enumerated() where [.date, .datetime].contains(column.type) {
                        for record in records.dropFirst() where !record[index].isEmpty {
                            #expect(
                                CalendarText.verdict(record[index], as: column.type) == .valid,
                                "\(table.name).\(column.name): \(record[index])")
                        }
                    }
                    let keyIndexes = table.key.compactMap { header.firstIndex(of: $0) }
                    guard !keyIndexes.isEmpty else { continue }
                    let keys = records.dropFirst().map { record in keyIndexes.map { record[$0] } }
                    #expect(Set(keys).count == keys.count, "repeated key in \(table.name)")
                    #expect(keys.allSatisfy { !$0.contains("") }, "null key in \(table.name)")
                }
            }

            let movies = try Self.records(directory, MovieTable.movies.table)
            let columns = try #require(movies.first)
            let movie = try #require(movies.first { $0.first == "100" })
            func value(_ name: String) throws -> String { movie[try #require(columns.firstIndex(of: name))] }
            #expect(try value("title") == "Hostile \u{FFFD} title")
            #expect(try value("original_title") == "Null\u{FFFD}title")
            #expect(try value("overview").contains("\n\\.\n") && (try value("overview").utf8.count) > 3_000_000)
            for name in ["release_date", "vote_count", "vote_average", "budget"] {
                #expect(try value(name) == "", "movies.\(name) of movie 100")
            }
            let genres = try Self.records(directory, MovieTable.genres.table).filter { $0.first == "100" }
            #expect(genres.map { $0[1] } == ["18"])

            let summaries = try #require(report.manifest.catalogue)
            let movieRepairs = try #require(summaries.first { $0.type == .movie }?.valueRepairs)
            #expect(movieRepairs.stringsRepaired >= 3)
            #expect(movieRepairs.datesNulled >= 4)
            #expect(movieRepairs.numbersNulled >= 4)
            #expect(movieRepairs.repeatedRowsDropped >= 1)
            let seriesRepairs = try #require(summaries.first { $0.type == .tv }?.valueRepairs)
            #expect(seriesRepairs.datesShortened == 1)
            #expect(seriesRepairs.datesNulled >= 1)
            let said = warnings.withLock { $0 }
            #expect(said.contains { $0.hasPrefix("movie catalogue: movie 100: ") })
            #expect(said.contains { $0.hasPrefix("tv catalogue: tv 80001: ") })
        }
    }
}
