extension Manifest {
    /// What a catalogue's rows changed in the values TMDB sent so that every table loads as it is declared (README,
    /// "Values as TMDB sends them"): counted, with the first few changes named by record and field.
    public struct ValueRepairs: Codable, Sendable, Hashable {
        /// Strings with a NUL (`\u0000`), a lone surrogate or invalid UTF-8, each such part replaced by U+FFFD.
        public var stringsRepaired = 0
        /// Values of `date` and `datetime` columns that are no real date or time, written as null.
        public var datesNulled = 0
        /// Dates with a time in a `date` column, written as their date.
        public var datesShortened = 0
        /// Numbers outside their column's range (a negative count, a vote average over 10, an id of 0), written as
        /// null.
        public var numbersNulled = 0
        /// Rows left out because a column of the table's key was null or out of range.
        public var rowsLeftOut = 0
        /// Rows TMDB listed twice for one title (a genre named twice), written once.
        public var repeatedRowsDropped = 0
        /// The first changes, one line each, e.g. `movie 550: movies.release_date "2026-02-30" is not a date`.
        public var examples: [String] = []
        /// Changes past ``examples``.
        public var moreExamples = 0

        /// How many changes ``examples`` names at most.
        package static let exampleLimit = 5

        package init() {}

        /// Whether nothing was changed.
        package var isEmpty: Bool {
            [stringsRepaired, datesNulled, datesShortened, numbersNulled, rowsLeftOut, repeatedRowsDropped]
                .allSatisfy { $0 == 0 }
        }

        /// Keeps `example` if fewer than ``exampleLimit`` are kept, else counts it in ``moreExamples``.
        package mutating func note(_ example: @autoclosure () -> String) {
            if examples.count < Self.exampleLimit { examples.append(example()) } else { moreExamples += 1 }
        }

        /// Adds `other`'s counts, and its examples while there is room.
        package mutating func add(_ other: ValueRepairs) {
            stringsRepaired += other.stringsRepaired
            datesNulled += other.datesNulled
            datesShortened += other.datesShortened
            numbersNulled += other.numbersNulled
            rowsLeftOut += other.rowsLeftOut
            repeatedRowsDropped += other.repeatedRowsDropped
            let room = max(0, Self.exampleLimit - examples.count)
            examples += other.examples.prefix(room)
            moreExamples += other.moreExamples + max(0, other.examples.count - room)
        }

        /// The counts that are not 0, as the run's summary says them: `2 strings repaired, 1 repeated row dropped`.
        package var counted: String {
            let counts = [
                (stringsRepaired, "string", "repaired"), (datesNulled, "date", "nulled"),
                (datesShortened, "datetime", "cut to its date"), (numbersNulled, "number", "nulled"),
                (rowsLeftOut, "row", "left out (key null or out of range)"),
                (repeatedRowsDropped, "repeated row", "dropped"),
            ]
            return counts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s") \($0.2)" }
                .joined(separator: ", ")
        }

        /// The warnings a run prints: the examples, then how many more there were.
        package var warnings: [String] {
            examples + (moreExamples > 0 ? ["and \(moreExamples) more values changed (counted in the manifest)"] : [])
        }
    }
}
