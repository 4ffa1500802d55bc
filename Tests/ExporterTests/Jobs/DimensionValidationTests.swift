import Foundation
import TMDBAPI
import Testing

@testable import Exporter

@Suite("Job files: dimension tables (keyword, company, network)")
struct DimensionValidationTests {
    let loader = JobLoader()

    func problems(_ catalogue: String) -> [String] {
        do {
            _ = try loader.parse(#"{"name": "d", "catalogue": "# + catalogue + "}", file: "d.json")
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test("loads a job of dimension tables only, each with its export day or latest")
    func dimensionsOnly() throws {
        let job = try loader.parse(
            #"{"name": "d", "catalogue": [{"type": "network"}, {"type": "keyword", "exportDate": "2026-11-20"}]}"#,
            file: "d.json")
        #expect(job.catalogue.isEmpty && job.requests.isEmpty)
        #expect(
            job.dimensions == [
                Job.DimensionRequest(type: .network),
                Job.DimensionRequest(type: .keyword, exportDate: .day(try #require(ExportDay("2026-11-20")))),
            ])
    }

    @Test("loads catalogues and dimension tables side by side, each in its own list, in file order")
    func mixed() throws {
        let job = try loader.parse(
            #"{"name": "d", "catalogue": [{"type": "company"}, {"type": "movie", "limit": 5}, {"type": "keyword"}]}"#,
            file: "d.json")
        #expect(job.catalogue == [Job.CatalogueRequest(type: .movie, limit: 5)])
        #expect(job.dimensions.map(\.type) == [.company, .keyword])
    }

    @Test(
        "refuses what a dimension entry cannot have, naming catalogue[i] and the field",
        arguments: [
            (
                #"[{"type": "keyword", "limit": 10}]"#,
                "catalogue[0].limit: not a key of a keyword table, which is read whole from TMDB's daily export "
                    + "(expected only: type, exportDate)"
            ),
            (
                #"[{"type": "movie"}, {"type": "network", "append": ["keywords"]}]"#,
                "catalogue[1].append: not a key of a network table, which is read whole from TMDB's daily export "
                    + "(expected only: type, exportDate)"
            ),
            (
                #"[{"type": "company"}, {"type": "company"}]"#,
                "catalogue[1].type: \"company\" is already exported by catalogue[0] (expected each type at most once)"
            ),
            (
                #"[{"type": "keyword", "exportDate": "2026-02-30"}]"#,
                "catalogue[0].exportDate: \"2026-02-30\" is not a date (expected \"latest\" or a date \"YYYY-MM-DD\")"
            ),
        ])
    func refusals(catalogue: String, expected: String) {
        #expect(problems(catalogue) == [expected])
    }

    @Test("names every type, catalogues' and dimensions', for an unknown one, and suggests the nearest")
    func unknownType() {
        let found = problems(#"[{"type": "keywords"}]"#)
        #expect(found.count == 1)
        #expect(found.first?.contains("(did you mean \"keyword\"?)") == true)
        #expect(found.first?.hasSuffix("keyword, company, network)") == true)
        #expect(found.first?.contains("movie, tv") == true)
    }
}
