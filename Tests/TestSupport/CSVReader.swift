/// A strict RFC 4180 reader for round-trip tests: quoted fields, doubled quotes, CR/LF inside quotes.
public enum CSVReader {
    public struct MalformedCSV: Error, CustomStringConvertible {
        public var description: String
    }

    public static func records(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field: [Unicode.Scalar] = []
        var inQuotes = false
        var fieldWasQuoted = false
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func endField() {
            var string = ""
            string.unicodeScalars.append(contentsOf: field)
            record.append(string)
            field = []
            fieldWasQuoted = false
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if inQuotes {
                if scalar == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(scalar)
                }
            } else {
                switch scalar {
                case "\"":
                    guard field.isEmpty, !fieldWasQuoted else {
                        throw MalformedCSV(description: "quote inside unquoted field at \(index)")
                    }
                    inQuotes = true
                    fieldWasQuoted = true
                case ",": endField()
                case "\n":
                    endField()
                    records.append(record)
                    record = []
                case "\r": throw MalformedCSV(description: "bare CR outside quotes at \(index)")
                default:
                    guard !fieldWasQuoted else {
                        throw MalformedCSV(description: "text after closing quote at \(index)")
                    }
                    field.append(scalar)
                }
            }
            index += 1
        }
        guard !inQuotes else { throw MalformedCSV(description: "unterminated quoted field") }
        guard field.isEmpty, record.isEmpty else { throw MalformedCSV(description: "last record not terminated by LF") }
        return records
    }
}
