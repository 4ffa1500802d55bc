import Foundation
import TMDBAPI
import Testing

@testable import Exporter

@Suite("jobs/schema.json")
struct SchemaTests {
    static let jobs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../jobs"
    )
    .standardized

    func schema() throws -> JSONValue {
        try JSONParser.parse(try String(contentsOf: Self.jobs.appendingPathComponent("schema.json"), encoding: .utf8))
    }

    func keys(_ value: JSONValue?) -> Set<String> {
        guard case .object(let members)? = value else { return [] }
        return Set(members.map(\.key))
    }

    func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let elements)? = value else { return [] }
        return elements.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    @Test("names the same keys the loader accepts, at the top level, in requests and in posters")
    func keysAgree() throws {
        let schema = try schema()
        #expect(keys(schema["properties"]) == Set(JobLoader.topLevelKeys))
        let items = schema["properties"]?["requests"]?["items"]
        #expect(keys(items?["properties"]) == Set(JobLoader.requestKeys))
        #expect(keys(schema["properties"]?["catalogue"]?["items"]?["properties"]) == Set(JobLoader.catalogueKeys))
        guard case .array(let posterForms)? = schema["properties"]?["posters"]?["oneOf"] else {
            Issue.record("posters.oneOf missing")
            return
        }
        #expect(posterForms.contains { keys($0["properties"]) == Set(JobLoader.posterKeys) })
    }

    @Test("lists the same endpoints the loader accepts")
    func endpointsAgree() throws {
        guard
            case .array(let forms)? = try schema()["properties"]?["requests"]?["items"]?["properties"]?["endpoint"]?[
                "anyOf"]
        else {
            Issue.record("endpoint.anyOf missing")
            return
        }
        let fixed = strings(forms.first?["enum"])
        #expect(Set(fixed + ["movie/{id}/recommendations", "movie/{id}/similar"]) == Set(ListSource.patterns))
    }

    @Test("lists exactly the appends the code knows, in the code's order")
    func appendsAgree() throws {
        let names = strings(
            try schema()["properties"]?["catalogue"]?["items"]?["properties"]?["append"]?["items"]?["enum"])
        let known = AppendedResource.allCases.filter(\.isAppendedToDetails).map(\.rawValue)
        #expect(names == known)
    }

    @Test("every shipped job has the schema's required fields, no key outside it, and loads")
    func shippedJobs() throws {
        let schema = try schema()
        let required = strings(schema["required"])
        let requestRequired = strings(schema["properties"]?["requests"]?["items"]?["required"])
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.jobs.path).filter {
            $0.hasSuffix(".json") && $0 != "schema.json"
        }
        #expect(files.count >= 3)
        for file in files {
            let url = Self.jobs.appendingPathComponent(file)
            let job = try JSONParser.parse(try String(contentsOf: url, encoding: .utf8))
            #expect(required.allSatisfy { job[$0] != nil }, "\(file) lacks a required field")
            #expect(keys(job).isSubset(of: keys(schema["properties"])), "\(file) has a key the schema lacks")
            #expect(job["$schema"] == .string("./schema.json"), "\(file) should reference the schema for editors")
            #expect(job["requests"] != nil || job["catalogue"] != nil, "\(file) has neither requests nor catalogue")
            let catalogueRequired = strings(schema["properties"]?["catalogue"]?["items"]?["required"])
            if case .array(let catalogues)? = job["catalogue"] {
                for catalogue in catalogues {
                    #expect(catalogueRequired.allSatisfy { catalogue[$0] != nil }, "\(file): a catalogue lacks a field")
                    #expect(
                        keys(catalogue).isSubset(of: Set(JobLoader.catalogueKeys)), "\(file): unknown catalogue key")
                }
            }
            if job["requests"] != nil, case .array = job["requests"] {
            } else if job["requests"] != nil {
                Issue.record("\(file): requests is not an array")
            }
            guard case .array(let requests)? = job["requests"] else {
                _ = try JobLoader().load(url.path)
                continue
            }
            for request in requests {
                #expect(requestRequired.allSatisfy { request[$0] != nil }, "\(file): a request lacks a required field")
            }
            _ = try JobLoader().load(url.path)
        }
    }
}
