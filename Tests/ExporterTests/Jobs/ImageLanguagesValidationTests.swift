import Foundation
import TMDBAPI
import Testing

@testable import Exporter

@Suite("Job files: imageLanguages")
struct ImageLanguagesValidationTests {
    let loader = JobLoader()

    func load(_ catalogue: String) -> Result<Job, JobFileError> {
        Result { () throws(JobFileError) in
            try loader.parse(#"{"name": "c", "catalogue": "# + catalogue + "}", file: "c.json")
        }
    }

    @Test("keeps every language by default, and narrows to the codes and null a catalogue lists")
    func reads() throws {
        let job = try load(
            #"[{"type": "movie", "append": ["images"]}, {"type": "tv", "append": ["images"], "imageLanguages": ["ja", "null"]}]"#
        ).get()
        #expect(job.catalogue[0].imageLanguages == nil)
        #expect(job.catalogue[0].includeImageLanguage == ImageLanguages.every)
        #expect(job.catalogue[1].imageLanguages == ["ja", "null"])
        #expect(job.catalogue[1].includeImageLanguage == ["ja", "null"])
    }

    @Test(
        "refuses a bad imageLanguages in one line naming the file and field",
        arguments: [
            (
                #"{"type": "movie", "append": ["images"], "imageLanguages": []}"#,
                "c.json:1: catalogue[0].imageLanguages: expected a non-empty array of two-letter lowercase ISO 639-1 "
                    + "codes or \"null\", e.g. [\"en\", \"null\"], found an empty array"
            ),
            (
                #"{"type": "movie", "append": ["images"], "imageLanguages": "en"}"#,
                "c.json:1: catalogue[0].imageLanguages: expected a non-empty array of two-letter lowercase ISO 639-1 "
                    + "codes or \"null\", e.g. [\"en\", \"null\"], found a string"
            ),
            (
                #"{"type": "movie", "append": ["images"], "imageLanguages": ["en", "EN"]}"#,
                "c.json:1: catalogue[0].imageLanguages[1]: \"EN\" is not a language (expected a non-empty array of "
                    + "two-letter lowercase ISO 639-1 codes or \"null\", e.g. [\"en\", \"null\"])"
            ),
            (
                #"{"type": "tv", "append": ["images"], "imageLanguages": ["en-US"]}"#,
                "c.json:1: catalogue[0].imageLanguages[0]: \"en-US\" is not a language (expected a non-empty array of "
                    + "two-letter lowercase ISO 639-1 codes or \"null\", e.g. [\"en\", \"null\"])"
            ),
            (
                #"{"type": "tv", "append": ["images"], "imageLanguages": [null]}"#,
                "c.json:1: catalogue[0].imageLanguages[0]: expected a non-empty array of two-letter lowercase ISO 639-1 "
                    + "codes or \"null\", e.g. [\"en\", \"null\"], found null"
            ),
            (
                #"{"type": "movie", "append": ["images"], "imageLanguages": ["null", "de", "null"]}"#,
                "c.json:1: catalogue[0].imageLanguages[2]: \"null\" is listed twice (expected each language once)"
            ),
            (
                #"{"type": "movie", "append": ["videos"], "imageLanguages": ["en"]}"#,
                "c.json:1: catalogue[0].imageLanguages: filters the images append, which this catalogue does not ask "
                    + "for (expected \"images\" in append)"
            ),
            (
                #"{"type": "person", "imageLanguages": ["en"]}"#,
                "c.json:1: catalogue[0].imageLanguages: people have no images appended (expected no "
                    + "\"imageLanguages\" in a person catalogue)"
            ),
        ])
    func refuses(entry: String, message: String) {
        switch load("[\(entry)]") {
        case .success: Issue.record("loaded \(entry)")
        case .failure(let error): #expect(error.lines == [message])
        }
    }
}
