import Foundation
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

@Suite("Catalogue row keys")
struct CatalogueRowKeyTests {
    /// A deterministic generator, so that a failing case can be replayed.
    struct SplitMix {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// A details answer of `type` with `id` and a random number of entries in every child array.
    static func details(_ type: CatalogueType, id: Int, _ random: inout SplitMix) -> String {
        func list(_ make: (Int) -> String) -> String {
            "[" + (0..<random.next(5)).map(make).joined(separator: ",") + "]"
        }
        let person = #""id":3,"name":"P, \"q\"","gender":1"#
        // Issue 28's sub-resources, the same for movies and series but for where alternative titles nest.
        let depth =
            #""alternative_titles":{"\#(type == .movie ? "titles" : "results")":\#(list { #"{"iso_3166_1":"US","title":"t\#($0)"}"# })},"translations":{"translations":\#(list { #"{"iso_639_1":"l\#($0)","iso_3166_1":"C","data":{"title":"x","runtime":90}}"# })},"videos":{"results":\#(list { #"{"id":"v\#($0)","official":true}"# })},"images":{"posters":\#(list { #"{"file_path":"/p\#($0).jpg"}"# }),"logos":\#(list { #"{"file_path":"/l\#($0).png","iso_639_1":null}"# })},"recommendations":{"results":\#(list { #"{"id":\#($0)}"# })},"similar":{"page":1,"results":\#(list { #"{"id":\#($0 + 7)}"# })},"watch/providers":{"results":{"US":{"link":"l","flatrate":\#(list { #"{"provider_id":\#($0)}"# }),"buy":\#(list { #"{"provider_id":\#($0)}"# })},"DE":{"rent":\#(list { #"{"provider_id":\#($0 + 1)}"# })}}}"#
        let common =
            #""id":\#(id),"genres":\#(list { #"{"id":\#($0),"name":"g\#($0)"}"# }),"production_companies":\#(list { #"{"id":\#($0),"name":"c"}"# }),"production_countries":\#(list { _ in #"{"iso_3166_1":"US"}"# }),"spoken_languages":\#(list { _ in #"{"iso_639_1":"en"}"# }),"keywords":{"\#(type == .movie ? "keywords" : "results")":\#(list { #"{"id":\#($0),"name":"k"}"# })},"external_ids":{"imdb_id":"tt1"},\#(depth)"#
        switch type {
        case .movie:
            return
                #"{\#(common),"title":"T","belongs_to_collection":\#(random.next(2) == 0 ? "null" : #"{"id":99}"#),"credits":{"cast":\#(list { #"{\#(person),"order":\#($0)}"# }),"crew":\#(list { _ in #"{\#(person),"job":"J"}"# })},"release_dates":{"results":\#(list { _ in #"{"iso_3166_1":"FR","release_dates":\#(list { _ in #"{"type":3}"# })}"# })}}"#
        case .tv:
            return
                #"{\#(common),"name":"N","created_by":\#(list { _ in "{\(person)}" }),"networks":\#(list { #"{"id":\#($0)}"# }),"seasons":\#(list { #"{"season_number":\#($0)}"# }),"aggregate_credits":{"cast":\#(list { _ in #"{\#(person),"roles":\#(list { _ in #"{"character":"C"}"# })}"# }),"crew":\#(list { _ in #"{\#(person),"jobs":\#(list { _ in #"{"job":"J"}"# })}"# })},"content_ratings":{"results":\#(list { _ in #"{"iso_3166_1":"DE","rating":"12"}"# })}}"#
        case .person:
            // TMDB gives each credit its own id: the tables' key (person_id, credit_id).
            let credit = #""media_type":"movie","id":5"#
            return
                #"{"id":\#(id),"name":"N","gender":0,"birthday":"","also_known_as":\#(list { #""a\#($0)""# }),"combined_credits":{"cast":\#(list { #"{\#(credit),"credit_id":"c\#($0)","order":\#($0)}"# }),"crew":\#(list { #"{\#(credit),"credit_id":"d\#($0)","job":"J"}"# })},"external_ids":{"imdb_id":"nm1"}}"#
        }
    }

    static let distinctResources: [AppendedResource] = [
        .alternativeTitles, .translations, .videos, .images, .recommendations, .similar, .watchProviders,
    ]

    @Test(
        "keys every child row to the record's id, in both files, and the new sub-resources' declared keys hold, for generated records",
        arguments: CatalogueType.allCases)
    func childKeys(type: CatalogueType) throws {
        var random = SplitMix(state: UInt64(CatalogueType.allCases.firstIndex(of: type)!) + 1)
        var rowsSeen = 0
        for _ in 0..<60 {
            let id = 1 + random.next(9_999_999)
            let text = Self.details(type, id: id, &random)
            let (encoder, rows) = try CatalogueRowFixtures.rows(text, type: type)
            #expect(rows.id == id)
            for (table, part) in zip(encoder.tables, rows.tables) where table.name != "collections" {
                let key = table.columns[0].name
                // Only the generator's issue-28 entries are distinct by construction (its credits have no credit_id).
                let checksKey = table.resource.map(Self.distinctResources.contains) ?? false
                var keys: Set<String> = []
                for line in try CatalogueRowFixtures.lines(part.ndjson) {
                    #expect(line.object[key] as? Int == id, "\(table.name)")
                    guard checksKey, !table.key.isEmpty else { continue }
                    // The declared key holds within the record, and none of its values is null.
                    let values = table.key.map { line.object[$0].map { "\($0)" } ?? "missing" }
                    #expect(!values.contains("missing") && !values.contains("<null>"), "\(table.name): \(values)")
                    #expect(keys.insert(values.joined(separator: "\u{1F}")).inserted, "\(table.name) repeats \(values)")
                }
                let records = try CSVReader.records(String(decoding: part.csv, as: UTF8.self))
                #expect(records.count == part.count, "\(table.name)")
                for record in records { #expect(record.first == String(id), "\(table.name)") }
                rowsSeen += part.count
            }
        }
        // Guards against a generator that makes no child rows, which would pass trivially.
        #expect(rowsSeen > 60 * 5)
    }
}
