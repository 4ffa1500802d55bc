import RunStore
import Testing

@Suite("Dates and times checked as the warehouses read them")
struct CalendarTextTests {
    @Test(
        "a date column keeps real days, cuts a valid date and time to its day, and refuses the rest",
        arguments: [
            ("2001-02-03", CalendarText.Verdict.valid),
            ("2024-02-29", .valid), ("2000-02-29", .valid), ("0001-01-01", .valid), ("9999-12-31", .valid),
            ("1999-02-29", .impossible), ("1900-02-29", .impossible), ("2026-02-30", .impossible),
            ("2026-04-31", .impossible), ("0000-00-00", .impossible), ("0000-01-01", .impossible),
            ("2026-13-01", .impossible), ("2026-00-10", .impossible), ("2026-01-00", .impossible),
            ("+275760-09-13", .impossible), ("2026-1-01", .impossible), ("2026/01/01", .impossible),
            ("20260101", .impossible), ("2026-01-01 ", .impossible), ("next year", .impossible),
            ("2026-03-01T00:00:00Z", .dateOf("2026-03-01")), ("2026-03-01T10:20:30.123+02:00", .dateOf("2026-03-01")),
            ("2026-03-01T25:00:00Z", .impossible), ("2026-02-30T00:00:00Z", .impossible),
        ])
    func dates(text: String, verdict: CalendarText.Verdict) {
        #expect(CalendarText.verdict(text, as: .date) == verdict)
    }

    @Test(
        "a datetime column keeps real instants with a zone, and a date alone, and refuses the rest",
        arguments: [
            ("2019-10-15T18:59:47.000Z", true), ("2019-10-15T18:59:47Z", true), ("2019-10-15T23:59:59-05:30", true),
            ("2019-10-15", true), ("2026-02-30T25:61:00.000Z", false), ("2026-01-01T24:00:00Z", false),
            ("2026-01-01T10:60:00Z", false), ("2026-01-01T10:00:60Z", false), ("2026-01-01T10:00:00", false),
            ("2026-01-01T10:00Z", false), ("2026-01-01T10:00:00.Z", false), ("2026-01-01T10:00:00+2", false),
            ("2026-01-01T10:00:00+25:00", false), ("2026-01-01 10:00:00Z", false), ("0000-00-00T00:00:00Z", false),
            ("2026-01-01T10:00:00ZZ", false),
        ])
    func datetimes(text: String, valid: Bool) {
        #expect(CalendarText.verdict(text, as: .datetime) == (valid ? .valid : .impossible))
    }

    @Test("other column types are not dates and are left alone")
    func otherTypes() {
        #expect(CalendarText.verdict("0000-00-00", as: .string) == .valid)
    }
}
