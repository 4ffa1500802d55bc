import JSON
import RunStore
import TMDBAPI

/// Turns one details answer into the rows of every table a catalogue run writes: decoded once with a
/// ``JSONScanner``-based reader, each table's CSV and NDJSON encoded in one pass from the same fields.
public struct CatalogueRowEncoder: Sendable {
    private enum Layout: Sendable {
        case movie([MovieTable])
        case series([SeriesTable])
        case person([PersonTable])
    }

    public let type: CatalogueType
    /// The tables rows are made for, in the order of ``CatalogueRows/tables``.
    public let tables: [CatalogueTable]
    private let layout: Layout
    private let csv: Bool
    private let ndjson: Bool
    /// Whether each series' seasons are fetched after its details for the episode tables (``addEpisodes``).
    public let fetchesEpisodes: Bool

    public init(type: CatalogueType, appending: Set<AppendedResource>, csv: Bool, ndjson: Bool) {
        self.type = type
        self.csv = csv
        self.ndjson = ndjson
        fetchesEpisodes = type == .tv && appending.contains(.episodes)
        switch type {
        case .movie:
            let tables = MovieTable.tables(appending: appending)
            layout = .movie(tables)
            self.tables = tables.map(\.table)
        case .tv:
            let tables = SeriesTable.tables(appending: appending)
            layout = .series(tables)
            self.tables = tables.map(\.table)
        case .person:
            let tables = PersonTable.tables(appending: appending)
            layout = .person(tables)
            self.tables = tables.map(\.table)
        }
    }

    /// The rows of every table for the details answer `body`; fails, naming the id when the answer has one, the key
    /// path and what was expected, when the answer is not a details object of this encoder's type.
    /// - Parameter freshness: what the main table's row takes from outside the answer.
    public func rows(
        fromDetails body: UnsafeRawBufferPointer, freshness: RowFreshness
    ) throws(CatalogueRecordError) -> CatalogueRows {
        var encoder = RecordEncoder(csv: csv, json: ndjson, emptyStringIsNull: true)
        var tableRows: [CatalogueRows.TableRows] = []
        tableRows.reserveCapacity(tables.count)
        let id: Int
        let posterPath: String?
        var seasonNumbers: [Int] = []
        switch layout {
        case .movie(let movieTables):
            let movie = try MovieRecord(details: body)
            id = movie.id
            posterPath = movie.posterPath
            for table in movieTables {
                let count = table.encodeRows(of: movie, freshness: freshness, into: &encoder)
                tableRows.append(Self.take(&encoder, count: count))
            }
        case .series(let seriesTables):
            let series = try SeriesRecord(details: body)
            id = series.id
            posterPath = series.posterPath
            if fetchesEpisodes { seasonNumbers = series.seasons.compactMap(\.seasonNumber) }
            for table in seriesTables {
                let count = table.encodeRows(of: series, freshness: freshness, into: &encoder)
                tableRows.append(Self.take(&encoder, count: count))
            }
        case .person(let personTables):
            let person = try PersonRecord(details: body)
            id = person.id
            posterPath = nil
            for table in personTables {
                let count = table.encodeRows(of: person, freshness: freshness, into: &encoder)
                tableRows.append(Self.take(&encoder, count: count))
            }
        }
        return CatalogueRows(
            id: id, tables: tableRows, details: JSONCompaction.line(body), posterPath: posterPath,
            seasonNumbers: seasonNumbers)
    }

    /// The episode rows of one ``TMDB/SeasonBatch`` answer that asked for `seasons` of series `seriesID`, one entry
    /// per table of ``tables`` (empty for the tables the details fill); fails, as ``rows(fromDetails:freshness:)``
    /// does, when the answer cannot be read, lacks a season asked for, or is for another series.
    public func episodeRows(
        fromSeasonAnswer body: UnsafeRawBufferPointer, seasons: [Int], seriesID: Int
    ) throws(CatalogueRecordError) -> [CatalogueRows.TableRows] {
        guard case .series(let seriesTables) = layout else { return [] }
        let batch = try SeasonBatchRecord(answer: body, seasons: seasons)
        guard batch.seriesID == seriesID else {
            throw CatalogueRecordError(
                type: .tv, id: batch.seriesID, path: "id", message: "expected the seasons of series \(seriesID)",
                offset: 0)
        }
        var encoder = RecordEncoder(csv: csv, json: ndjson, emptyStringIsNull: true)
        return seriesTables.map { table in
            Self.take(&encoder, count: table.encodeRows(of: batch.seasons, seriesID: seriesID, into: &encoder))
        }
    }

    /// The encoder's bytes as one table's rows, leaving it empty.
    private static func take(_ encoder: inout RecordEncoder, count: Int) -> CatalogueRows.TableRows {
        guard count > 0 else { return CatalogueRows.TableRows() }
        let rows = CatalogueRows.TableRows(csv: encoder.csv, ndjson: encoder.json, count: count)
        encoder.reset()
        return rows
    }
}
