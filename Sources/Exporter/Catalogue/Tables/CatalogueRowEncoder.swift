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
    /// path and what was expected, when the answer is not a details object of this encoder's type, and when two
    /// different rows of a table share a key. Strings with NUL or invalid Unicode are repaired
    /// (``JSONTextRepair``), and values no engine would load changed (``RowCheck``), counted in
    /// ``CatalogueRows/repairs``.
    /// - Parameter freshness: what the main table's row takes from outside the answer.
    public func rows(
        fromDetails body: UnsafeRawBufferPointer, freshness: RowFreshness
    ) throws(CatalogueRecordError) -> CatalogueRows {
        let (record, repaired) = try JSONTextRepair.reading(body) { (bytes) throws(CatalogueRecordError) in
            (try Record(layout, bytes), JSONCompaction.line(bytes))
        }
        var encoder = RecordEncoder(csv: csv, json: ndjson, emptyStringIsNull: true)
        encoder.checkRows(of: "\(type.rawValue) \(record.0.id)")
        encoder.countRepairedStrings(repaired)
        encoder.countLargeIntegers(record.0.largeIntegers)
        var tableRows: [CatalogueRows.TableRows] = []
        tableRows.reserveCapacity(tables.count)
        var seasonNumbers: [Int] = []
        switch record.0 {
        case .movie(let movie, let movieTables):
            for table in movieTables {
                encoder.beginTable(table.table)
                _ = table.encodeRows(of: movie, freshness: freshness, into: &encoder)
                tableRows.append(Self.take(&encoder))
            }
        case .series(let series, let seriesTables):
            if fetchesEpisodes { seasonNumbers = series.seasons.compactMap(\.seasonNumber) }
            for table in seriesTables {
                encoder.beginTable(table.table)
                _ = table.encodeRows(of: series, freshness: freshness, into: &encoder)
                tableRows.append(Self.take(&encoder))
            }
        case .person(let person, let personTables):
            for table in personTables {
                encoder.beginTable(table.table)
                _ = table.encodeRows(of: person, freshness: freshness, into: &encoder)
                tableRows.append(Self.take(&encoder))
            }
        }
        try Self.failOnConflict(encoder, type: type, id: record.0.id)
        return CatalogueRows(
            id: record.0.id, tables: tableRows, details: record.1, posterPath: record.0.posterPath,
            seasonNumbers: seasonNumbers, repairs: encoder.repairs)
    }

    /// A details answer read as the record of this encoder's type, with the tables it fills.
    private enum Record {
        case movie(MovieRecord, [MovieTable])
        case series(SeriesRecord, [SeriesTable])
        case person(PersonRecord, [PersonTable])

        init(_ layout: Layout, _ body: UnsafeRawBufferPointer) throws(CatalogueRecordError) {
            switch layout {
            case .movie(let tables): self = .movie(try MovieRecord(details: body), tables)
            case .series(let tables): self = .series(try SeriesRecord(details: body), tables)
            case .person(let tables): self = .person(try PersonRecord(details: body), tables)
            }
        }

        var id: Int {
            switch self {
            case .movie(let movie, _): movie.id
            case .series(let series, _): series.id
            case .person(let person, _): person.id
            }
        }

        var largeIntegers: [String] {
            switch self {
            case .movie(let movie, _): movie.largeIntegers
            case .series(let series, _): series.largeIntegers
            case .person(let person, _): person.largeIntegers
            }
        }

        var posterPath: String? {
            switch self {
            case .movie(let movie, _): movie.posterPath
            case .series(let series, _): series.posterPath
            case .person: nil
            }
        }
    }

    /// Fails the record when two different rows of one table shared a key: no night is published that cannot load.
    private static func failOnConflict(
        _ encoder: RecordEncoder, type: CatalogueType, id: Int
    ) throws(CatalogueRecordError) {
        guard let conflict = encoder.keyConflict else { return }
        throw CatalogueRecordError(type: type, id: id, path: "", message: conflict, offset: 0)
    }

    /// The episode rows of one ``TMDB/SeasonBatch`` answer that asked for `seasons` of series `seriesID`, one entry
    /// per table of ``tables`` (empty for the tables the details fill); fails, as ``rows(fromDetails:freshness:)``
    /// does, when the answer cannot be read, lacks a season asked for, or is for another series.
    public func episodeRows(
        fromSeasonAnswer body: UnsafeRawBufferPointer, seasons: [Int], seriesID: Int
    ) throws(CatalogueRecordError) -> (tables: [CatalogueRows.TableRows], repairs: Manifest.ValueRepairs) {
        guard case .series(let seriesTables) = layout else { return ([], Manifest.ValueRepairs()) }
        let (batch, repaired) = try JSONTextRepair.reading(body) { (bytes) throws(CatalogueRecordError) in
            try SeasonBatchRecord(answer: bytes, seasons: seasons)
        }
        guard batch.seriesID == seriesID else {
            throw CatalogueRecordError(
                type: .tv, id: batch.seriesID, path: "id", message: "expected the seasons of series \(seriesID)",
                offset: 0)
        }
        var encoder = RecordEncoder(csv: csv, json: ndjson, emptyStringIsNull: true)
        encoder.checkRows(of: "tv \(seriesID)")
        encoder.countRepairedStrings(repaired)
        encoder.countLargeIntegers(batch.largeIntegers)
        let tableRows = seriesTables.map { table in
            encoder.beginTable(table.table)
            _ = table.encodeRows(of: batch.seasons, seriesID: seriesID, into: &encoder)
            return Self.take(&encoder)
        }
        try Self.failOnConflict(encoder, type: .tv, id: seriesID)
        return (tableRows, encoder.repairs)
    }

    /// The encoder's bytes as one table's rows, leaving it empty.
    private static func take(_ encoder: inout RecordEncoder) -> CatalogueRows.TableRows {
        let count = encoder.rowCount
        guard count > 0 else { return CatalogueRows.TableRows() }
        let rows = CatalogueRows.TableRows(csv: encoder.csv, ndjson: encoder.json, count: count)
        encoder.reset()
        return rows
    }
}
