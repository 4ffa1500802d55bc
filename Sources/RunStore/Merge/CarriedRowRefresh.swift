/// Brings a carried-over row of a catalogue's main table (`movies`, `tv_series`) up to tonight, as a full run of
/// tonight would write it: `popularity` from tonight's export and, for an id whose votes a discover page gave
/// tonight, `vote_average`, `vote_count` and `votes_at`. Rewrites those fields alone, formatted as the row encoder
/// formats them, so the rest of the record is copied byte for byte. People have no votes: their `people` rows
/// take tonight's `popularity` alone.
package struct CarriedRowRefresh: Sendable {
    /// `popularity`, `vote_average`, `vote_count`, `votes_at`, in the table's order.
    package static let columns: [StaticString] = ["popularity", "vote_average", "vote_count", "votes_at"]

    package let fields: RecordFields
    package let popularity: ExportPopularity
    package let votes: RefreshedVotes
    /// Whether the table has the vote columns (movies and series) or `popularity` alone (people).
    private let hasVotes: Bool

    package init(columns: [String], format: SnapshotRecordFormat, popularity: ExportPopularity, votes: RefreshedVotes) {
        hasVotes = columns.contains("vote_average")
        fields = RecordFields(hasVotes ? Self.columns : ["popularity"], of: columns, format: format)
        self.popularity = popularity
        self.votes = votes
    }

    /// The header of the delta's `<type>_refreshed.csv`: the id and the refreshed columns.
    package var deltaHeader: String { (["id"] + fields.names.map { "\($0)" }).joined(separator: ",") + "\n" }

    /// What became of one record.
    package enum Outcome {
        /// Already tonight's values: copied as is.
        case unchanged
        /// The record with tonight's values, and its line of the delta's `<type>_refreshed.csv` (LF included).
        case refreshed(record: [UInt8], deltaLine: [UInt8])
        /// The record lacks one of the columns.
        case unreadable
    }

    package func refresh(_ record: UnsafeRawBufferPointer, id: UInt32) -> Outcome {
        guard let ranges = fields.ranges(in: record) else { return .unreadable }
        let format = fields.format
        var plain = ranges.map { RecordFields.plainText(record[$0], format: format) }
        plain[0] = Self.numberText(popularity.value(of: id))
        if hasVotes, let index = votes.index(of: id) {
            plain[1] = Self.numberText(votes.voteAverage[index])
            plain[2] = Self.integerText(votes.voteCount[index])
            plain[3] = Array(votes.votesAt[index].utf8)
        }
        let written: [[UInt8]] =
            format == .csv
            ? plain
            : plain.enumerated().map { column, text in
                if column == 3 { return text.isEmpty ? Array("null".utf8) : [0x22] + text + [0x22] }
                return text.isEmpty ? Array("null".utf8) : text
            }
        guard zip(ranges, written).contains(where: { range, value in !record[range].elementsEqual(value) }) else {
            return .unchanged
        }
        var line = Array("\(id)".utf8)
        for value in plain {
            line.append(0x2C)
            line.append(contentsOf: value)
        }
        line.append(0x0A)
        return .refreshed(record: RecordFields.replacing(ranges, with: written, in: record), deltaLine: line)
    }

    /// A number as the row encoder writes it (``NumberText``, the same digits in CSV and JSON); empty for none.
    private static func numberText(_ value: Double?) -> [UInt8] {
        guard let value, value.isFinite else { return [] }
        return Array(NumberText.decimal(value).utf8)
    }

    private static func integerText(_ value: Int?) -> [UInt8] {
        value.map { Array(String($0).utf8) } ?? []
    }
}
