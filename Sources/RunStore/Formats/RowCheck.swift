/// What ``RecordEncoder`` checks while it encodes one record's rows of catalogue tables, knowing each column's type,
/// range and the table's key: dates and numbers that no engine would load, and rows whose key repeats. Rows of one
/// record are encoded together and every child table's key starts with the record's id, so checking a record's
/// rows against each other holds the key over the whole table.
struct RowCheck {
    /// `movie 550`, for the examples.
    let record: String
    private(set) var repairs = Manifest.ValueRepairs()
    /// The first key that two different rows of the record share, said as one line; the record then fails.
    private(set) var conflict: String?

    private var table: CatalogueTable?
    /// Per column of the table, whether it is in the key (an array: looked up for every field).
    private var isKey: [Bool] = []
    /// Per column of the table, its type and range.
    private var types: [CatalogueColumn.ValueType] = []
    private var ranges: [ClosedRange<Double>?] = []
    private var hasKey = false
    /// The column the next field fills.
    private var column = 0
    /// The current row's key values, each followed by U+001F.
    private var key = ""
    /// Why the row is left out, when a key column is null or out of range.
    private var leaveOut: String?
    /// Per key of the current table, where the row written for it lies in the encoder's buffer (which keeps every
    /// row of the table until the next one begins).
    private var written: [String: Range<Int>] = [:]

    init(record: String) {
        self.record = record
    }

    /// Starts checking `table`'s rows.
    mutating func begin(_ table: CatalogueTable) {
        self.table = table
        types = table.columns.map(\.type)
        ranges = table.columns.map(\.validRange)
        isKey = table.columns.map { table.key.contains($0.name) }
        hasKey = !table.key.isEmpty
        written.removeAll(keepingCapacity: true)
        startRow()
    }

    private mutating func startRow() {
        column = 0
        key = ""
        leaveOut = nil
    }

    /// The index of the column the field `name` fills, moving on to the next. Every field of every catalogue row
    /// passes here: it touches only the arrays made by ``begin(_:)``, never the table's columns.
    private mutating func next(_ name: StaticString) -> Int? {
        guard column < types.count else { return nil }
        assert(table?.columns[column].name == name.description, "\(name) encoded out of its table's column order")
        column += 1
        return column - 1
    }

    /// `movie_videos.published_at`.
    private func field(_ index: Int) -> String {
        "\(table?.name ?? "").\(table?.columns[index].name ?? "")"
    }

    /// The text to write for `value` in the column `name` fills: a date or time as ``CalendarText`` judges it.
    mutating func string(_ name: StaticString, _ value: String?) -> String? {
        guard let index = next(name) else { return value }
        var value = value
        let type = types[index]
        if type == .date || type == .datetime, let text = value, !text.isEmpty {
            switch CalendarText.verdict(text, as: type) {
            case .valid: break
            case .dateOf(let date):
                let example = "\(record): \(field(index)) \(Self.quoted(text)) has a time; written as \(date)"
                repairs.datesShortened += 1
                repairs.note(example)
                value = date
            case .impossible:
                let example = "\(record): \(field(index)) \(Self.quoted(text)) is not a date or time; written as null"
                repairs.datesNulled += 1
                repairs.note(example)
                value = nil
            }
        }
        if isKey[index] { noteKey(index, value.flatMap { $0.isEmpty ? nil : $0 }) }
        return value
    }

    /// The number to write for `value` in the column `name` fills: nil when outside the column's range.
    mutating func integer(_ name: StaticString, _ value: Int?) -> Int? {
        guard let index = next(name) else { return value }
        let kept = value.flatMap { inRange(Double($0), shown: String($0), index) ? $0 : nil }
        if isKey[index] { noteKey(index, kept.map { String($0) }) }
        return kept
    }

    mutating func decimal(_ name: StaticString, _ value: Double?) -> Double? {
        guard let index = next(name) else { return value }
        let kept = value.flatMap { inRange($0, shown: NumberText.decimal($0), index) ? $0 : nil }
        if isKey[index] { noteKey(index, kept.map { NumberText.decimal($0) }) }
        return kept
    }

    private mutating func inRange(_ value: Double, shown: @autoclosure () -> String, _ index: Int) -> Bool {
        guard let range = ranges[index], !range.contains(value) else { return true }
        // The ranges' bounds are whole: said as integers, `at least 1`, `0 to 10`.
        let expected =
            range.upperBound.isInfinite
            ? "at least \(Int(range.lowerBound))" : "\(Int(range.lowerBound)) to \(Int(range.upperBound))"
        if isKey[index] {
            leaveOut = leaveOut ?? "\(table?.columns[index].name ?? "") \(shown()) is out of range (\(expected))"
        } else {
            let example = "\(record): \(field(index)) \(shown()) is out of range (\(expected)); written as null"
            repairs.numbersNulled += 1
            repairs.note(example)
        }
        return false
    }

    /// Any other field: a boolean or a list.
    mutating func other(_ name: StaticString, _ text: @autoclosure () -> String) {
        guard let index = next(name), isKey[index] else { return }
        noteKey(index, text())
    }

    /// Adds a key column's value to the row's key; a null one leaves the row out.
    private mutating func noteKey(_ index: Int, _ text: String?) {
        if let text {
            key += text
            key += "\u{1F}"
        } else {
            leaveOut = leaveOut ?? "\(table?.columns[index].name ?? "") is null"
        }
    }

    /// Ends a row whose encoding is `row`: whether to keep it. A row whose key is missing or out of range is left out,
    /// an exact repeat is dropped, both counted; a different row under a key already written is the ``conflict``.
    mutating func end(row: Range<Int>, of buffer: [UInt8]) -> Bool {
        defer { startRow() }
        guard let table, hasKey else { return true }
        if let leaveOut {
            let example = "\(record): a \(table.name) row left out: its key's \(leaveOut)"
            repairs.rowsLeftOut += 1
            repairs.note(example)
            return false
        }
        guard let earlier = written[key] else {
            written[key] = row
            return true
        }
        let named = zip(table.key, key.split(separator: "\u{1F}")).map { "\($0) \($1)" }.joined(separator: ", ")
        if buffer[earlier].elementsEqual(buffer[row]) {
            let example = "\(record): \(table.name) lists (\(named)) twice; written once"
            repairs.repeatedRowsDropped += 1
            repairs.note(example)
        } else if conflict == nil {
            conflict = "\(table.name): two different rows with the key (\(named))"
        }
        return false
    }

    /// Strings repaired in the answer the record was read from.
    mutating func repairedStrings(_ count: Int) {
        guard count > 0 else { return }
        let example =
            "\(record): \(count) string\(count == 1 ? "" : "s") with NUL or invalid Unicode repaired to U+FFFD"
        repairs.stringsRepaired += count
        repairs.note(example)
    }

    /// Integers of the answer larger than a 64-bit integer, read as null: each its key and digits.
    mutating func largeIntegers(_ integers: [String]) {
        for integer in integers {
            let example = "\(record): \(integer) is larger than a 64-bit integer; written as null"
            repairs.numbersNulled += 1
            repairs.note(example)
        }
    }

    /// `text` in quotes, escaped, cut to 40 characters.
    private static func quoted(_ text: String) -> String {
        String(reflecting: text.count > 40 ? String(text.prefix(40)) + "…" : text)
    }
}
