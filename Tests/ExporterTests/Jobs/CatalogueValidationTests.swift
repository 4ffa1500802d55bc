import Foundation
import TMDBAPI
import Testing

@testable import Exporter

@Suite("Job files: catalogues")
struct CatalogueValidationTests {
    let loader = JobLoader()

    func problems(_ catalogue: String) -> [String] {
        do {
            _ = try loader.parse(#"{"name": "c", "catalogue": "# + catalogue + "}", file: "c.json")
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test("loads a catalogue-only job with every field, and defaults the rest")
    func fullCatalogue() throws {
        let job = try loader.parse(
            """
            {
              "name": "catalogue",
              "catalogue": [
                {"type": "movie", "append": ["credits", "release_dates"], "exportDate": "2026-11-20",
                 "adult": true, "minPopularity": 0.5, "limit": 100},
                {"type": "tv"}
              ]
            }
            """, file: "catalogue.json")
        #expect(job.requests.isEmpty)
        #expect(
            job.catalogue == [
                Job.CatalogueRequest(
                    type: .movie, append: [.credits, .releaseDates],
                    exportDate: .day(try #require(ExportDay("2026-11-20"))), adult: true,
                    minPopularity: 0.5, limit: 100),
                Job.CatalogueRequest(type: .tv),
            ])
        #expect(job.catalogue[1].exportDate == .latest && !job.catalogue[1].adult)
    }

    @Test("ships a catalogue sample job that loads")
    func sampleJobLoads() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../jobs/catalogue_sample.json").standardized.path
        let job = try loader.load(path)
        #expect(job.catalogue.map(\.type) == [.movie, .tv, .person])
        #expect(job.catalogue.allSatisfy { Set($0.append) == Set(AppendedResource.supported(by: $0.type)) })
    }

    @Test("suggests the nearest sub-resource for a typo, and names the type's own for one it does not offer")
    func appendTypos() {
        #expect(
            problems(#"[{"type": "movie", "append": ["credit"]}]"#) == [
                "catalogue[0].append[0]: unknown sub-resource \"credit\" (did you mean \"credits\"?) (expected an "
                    + "array of: credits, keywords, external_ids, release_dates, alternative_titles, translations, videos, "
                    + "images, recommendations, similar, watch/providers)"
            ])
        let tv = problems(#"[{"type": "tv", "append": ["credits"]}]"#)
        #expect(tv.count == 1)
        #expect(tv.first?.hasPrefix("catalogue[0].append[0]: not offered for tv \"credits\"") == true)
        #expect(tv.first?.contains("aggregate_credits, keywords, external_ids, content_ratings") == true)
    }

    @Test("reads episodes true on a series as the episodes resource, and refuses it elsewhere, in append or not a flag")
    func episodes() throws {
        let job = try loader.parse(
            #"{"name": "e", "catalogue": [{"type": "tv", "append": ["keywords"], "episodes": true}, {"type": "movie"}]}"#,
            file: "e.json")
        #expect(job.catalogue[0].append == [.keywords, .episodes] && job.catalogue[0].episodes)
        #expect(!job.catalogue[1].episodes)
        let off = try loader.parse(#"{"name": "e", "catalogue": [{"type": "tv", "episodes": false}]}"#, file: "e.json")
        #expect(off.catalogue[0].append.isEmpty)
        #expect(
            problems(#"[{"type": "movie", "episodes": true}]"#) == [
                "catalogue[0].episodes: only series have episodes (expected \"episodes\" only in a tv catalogue)"
            ])
        #expect(
            problems(#"[{"type": "tv", "episodes": "yes"}]"#) == [
                "catalogue[0].episodes: expected true or false, found a string"
            ])
        #expect(
            problems(#"[{"type": "tv", "append": ["episodes"]}]"#) == [
                "catalogue[0].append[0]: episodes are not appended to the details (expected \"episodes\": true)"
            ])
    }

    @Test("refuses an unknown type with a suggestion, a type twice, and a sub-resource twice")
    func typesAndDuplicates() {
        #expect(problems(#"[{"type": "movies"}]"#).first?.contains("(did you mean \"movie\"?)") == true)
        #expect(
            problems(#"[{"type": "movie"}, {"type": "movie"}]"#) == [
                "catalogue[1].type: \"movie\" is already exported by catalogue[0] (expected each type at most once)"
            ])
        #expect(problems(#"[{"type": "movie", "append": ["keywords", "keywords"]}]"#).count == 1)
    }

    @Test("refuses a bad export date, limit, popularity or adult flag, each with its field")
    func badValues() {
        let found = problems(
            #"[{"type": "movie", "exportDate": "yesterday", "limit": 0, "minPopularity": -1, "adult": "no"}]"#)
        #expect(found.count == 4)
        #expect(found.contains { $0.hasPrefix("catalogue[0].exportDate: \"yesterday\" is not a date") })
        #expect(found.contains { $0.hasPrefix("catalogue[0].limit: expected a whole number of at least 1, found 0") })
        #expect(found.contains { $0.hasPrefix("catalogue[0].minPopularity: expected a number of at least 0") })
        #expect(found.contains { $0.hasPrefix("catalogue[0].adult: expected true or false") })
        #expect(problems(#"[{"type": "movie", "unknown": 1}]"#).first?.contains("unknown key") == true)
        #expect(
            problems("[]") == [
                #"catalogue: expected at least one {"type": "movie", "tv" or "person", "append": […]}, found an empty array"#
            ])
    }

    @Test("reads a catalogue's refresh, defaults what it leaves out, and refuses a bad one with its field")
    func refresh() throws {
        let job = try loader.parse(
            #"{"name": "c", "catalogue": [{"type": "movie", "refresh": {"maxAgeDays": 7}}, {"type": "tv"}]}"#,
            file: "c.json")
        #expect(job.catalogue[0].refresh == Job.RefreshSettings(maxAgeDays: 7, top: 10_000))
        #expect(job.catalogue[1].refresh == Job.RefreshSettings(maxAgeDays: 30, top: 10_000))
        let off = try loader.parse(
            #"{"name": "c", "catalogue": [{"type": "movie", "refresh": {"maxAgeDays": 0, "top": 0}}]}"#, file: "c.json")
        #expect(off.catalogue[0].refresh == Job.RefreshSettings(maxAgeDays: 0, top: 0))

        let found = problems(#"[{"type": "movie", "refresh": {"maxAgeDays": -1, "top": "all", "fresh": true}}]"#)
        #expect(found.count == 3)
        #expect(
            found.contains {
                $0.hasPrefix("catalogue[0].refresh.maxAgeDays: expected a whole number of at least 0 (the oldest")
            })
        #expect(found.contains { $0.hasPrefix("catalogue[0].refresh.top: expected a whole number of at least 0") })
        #expect(found.contains { $0.contains("refresh.fresh") && $0.contains("unknown key") })
        let notAnObject = problems(#"[{"type": "movie", "refresh": 30}]"#)
        #expect(notAnObject.first?.hasPrefix("catalogue[0].refresh: expected an object") == true)
    }

    @Test(
        "reads a catalogue's share in percent, defaults it, and refuses one outside 0 to 100 with its field",
        arguments: [
            (
                key: "maxDropPercent", defaultValue: 5.0,
                meaning: "the largest share of the snapshot's ids, in percent, a night may drop",
                read: \Job.CatalogueRequest.maxDropPercent
            ),
            (
                key: "maxFailedPercent", defaultValue: 1.0,
                meaning: "the largest share of tonight's details requests, in percent, whose ids may fail on a "
                    + "published night",
                read: \Job.CatalogueRequest.maxFailedPercent
            ),
        ])
    func percent(
        key: String, defaultValue: Double, meaning: String, read: KeyPath<Job.CatalogueRequest, Double> & Sendable
    ) throws {
        let job = try loader.parse(
            #"{"name": "c", "catalogue": [{"type": "movie", ""# + key + #"": 12.5}, {"type": "tv"}]}"#, file: "c.json")
        #expect(job.catalogue.map { $0[keyPath: read] } == [12.5, defaultValue])
        let edges = try loader.parse(
            #"{"name": "c", "catalogue": [{"type": "movie", ""# + key + #"": 0}, {"type": "tv", ""# + key
                + #"": 100}]}"#, file: "c.json")
        #expect(edges.catalogue.map { $0[keyPath: read] } == [0, 100])
        for bad in ["-1", "100.5", "\"5\"", "true", "null"] {
            let found = problems(#"[{"type": "movie", ""# + key + #"": "# + bad + "}]")
            #expect(found.count == 1, "\(bad)")
            #expect(
                found.first?.hasPrefix(
                    "catalogue[0].\(key): expected a number from 0 to 100 (\(meaning)), found ") == true,
                "\(bad): \(found)")
        }
    }

    @Test("needs requests or a catalogue, and takes both together")
    func requestsOrCatalogue() throws {
        #expect(throws: JobFileError.self) { try loader.parse(#"{"name": "c"}"#, file: "c.json") }
        let both = try loader.parse(
            #"{"name": "c", "requests": [{"endpoint": "movie/popular", "pages": "1"}], "catalogue": [{"type": "tv"}]}"#,
            file: "c.json")
        #expect(both.requests.count == 1 && both.catalogue.count == 1)
    }

    @Test(
        "takes a person catalogue with its appends and maxAgeDays, and refuses votes, posters and title appends for it")
    func people() throws {
        let job = try loader.parse(
            #"{"name": "p", "catalogue": [{"type": "person", "append": ["combined_credits", "external_ids"], "minPopularity": 1, "refresh": {"maxAgeDays": 20}}]}"#,
            file: "p.json")
        let request = try #require(job.catalogue.first)
        #expect(request.type == .person && request.append == [.combinedCredits, .externalIDs])
        #expect(request.refresh == Job.RefreshSettings(maxAgeDays: 20, top: 0))
        #expect(
            try loader.parse(#"{"name": "p", "catalogue": [{"type": "person"}]}"#, file: "p.json").catalogue.first?
                .refresh.top == 0)
        #expect(
            problems(#"[{"type": "person", "refresh": {"top": 10}}]"#).first?.hasPrefix(
                "catalogue[0].refresh.top: people have no votes to refresh") == true)
        #expect(
            problems(#"[{"type": "person", "posters": true}]"#).first?.hasPrefix(
                "catalogue[0].posters: people have no posters") == true)
        #expect(
            problems(#"[{"type": "person", "append": ["credits"]}]"#).first?.hasPrefix(
                "catalogue[0].append[0]: not offered for person \"credits\"") == true)
        let movie = problems(#"[{"type": "movie", "append": ["combined_credits"]}]"#)
        #expect(movie.first?.hasPrefix("catalogue[0].append[0]: not offered for movie \"combined_credits\"") == true)
    }
}
