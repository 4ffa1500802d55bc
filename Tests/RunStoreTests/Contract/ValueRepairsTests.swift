import RunStore
import Testing

@Suite("What a catalogue's rows changed in TMDB's values")
struct ValueRepairsTests {
    @Test("keeps the first examples and counts the rest, also when adding up records")
    func examples() {
        var total = Manifest.ValueRepairs()
        for id in 1...4 {
            var record = Manifest.ValueRepairs()
            record.datesNulled = 2
            record.note("movie \(id): first")
            record.note("movie \(id): second")
            total.add(record)
        }
        #expect(total.datesNulled == 8)
        #expect(
            total.examples == [
                "movie 1: first", "movie 1: second", "movie 2: first", "movie 2: second", "movie 3: first",
            ])
        #expect(total.moreExamples == 3)
        #expect(total.warnings.last == "and 3 more values changed (counted in the manifest)")
    }

    @Test("says the counts that are not 0, singular and plural")
    func counted() {
        var repairs = Manifest.ValueRepairs()
        #expect(repairs.isEmpty && repairs.counted == "")
        repairs.stringsRepaired = 2
        repairs.repeatedRowsDropped = 1
        repairs.datesShortened = 1
        #expect(repairs.counted == "2 strings repaired, 1 datetime cut to its date, 1 repeated row dropped")
        #expect(!repairs.isEmpty)
    }
}
