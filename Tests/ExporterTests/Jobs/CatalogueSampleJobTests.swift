import Foundation
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

/// `jobs/catalogue_sample.json` is the job CI checks every table with (`.ci/check_catalogue.py`) and the one
/// `.ci/check_nightly.py` takes its appends from, so it must ask for everything a catalogue can write.
@Suite("jobs/catalogue_sample.json")
struct CatalogueSampleJobTests {
    func catalogue(_ type: CatalogueType) throws -> JSONValue {
        let job = try JSONParser.parse(try packageFile("jobs/catalogue_sample.json"))
        guard case .array(let entries)? = job["catalogue"] else { throw CatalogueSampleError.noCatalogue }
        guard let entry = entries.first(where: { $0["type"] == .string(type.rawValue) }) else {
            throw CatalogueSampleError.noEntry(type)
        }
        return entry
    }

    @Test("asks each catalogue type for every append the code supports for it", arguments: CatalogueType.allCases)
    func everyAppend(type: CatalogueType) throws {
        let entry = try catalogue(type)
        guard case .array(let values)? = entry["append"] else {
            Issue.record("the \(type.rawValue) catalogue has no append")
            return
        }
        let asked = values.compactMap { if case .string(let name) = $0 { name } else { nil } }
        let supported = AppendedResource.supported(by: type)
        #expect(asked == supported.filter(\.isAppendedToDetails).map(\.rawValue))
        #expect((entry["episodes"] == .bool(true)) == supported.contains(.episodes))
    }

    @Test("asks, over its catalogues, for every append the code knows")
    func everyResource() throws {
        let asked = try CatalogueType.allCases.flatMap { type -> [String] in
            guard case .array(let values)? = try catalogue(type)["append"] else { return [] }
            return values.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        let known = AppendedResource.allCases.filter(\.isAppendedToDetails).map(\.rawValue)
        #expect(Set(asked) == Set(known))
    }
}

enum CatalogueSampleError: Error {
    case noCatalogue
    case noEntry(CatalogueType)
}
