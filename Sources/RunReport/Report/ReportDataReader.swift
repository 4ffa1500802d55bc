import Foundation
import RunStore

/// Reads back, in one streaming pass per file, what the report charts from a run's data files: each list's file,
/// and each catalogue's main table and genre table (never the large child tables). The CSV file when the run wrote
/// one, else the NDJSON file.
package struct ReportDataReader {
    /// The run's folder (the staging folder while the run is being finished).
    package var runDirectory: String
    /// The job's folder, which holds the shared `posters/`.
    package var jobDirectory: String

    package func dataSets(of manifest: Manifest) throws(OutputError) -> [ReportDataSet] {
        var sets: [ReportDataSet] = []
        for (index, request) in manifest.requests.enumerated() {
            guard let file = Self.listFile(request.files) else { continue }
            sets.append(
                ReportDataSet(
                    origin: .list(index), file: file.path,
                    isSeries: request.endpoint.split(separator: "/").contains("tv"),
                    statistics: try listStatistics(file)))
        }
        for (index, catalogue) in (manifest.catalogue ?? []).enumerated() {
            guard let (main, genres) = catalogue.type.chartedTables, let file = Self.table(main, in: catalogue.files)
            else { continue }
            let posterSize = catalogue.posters == nil ? nil : manifest.posterSize
            var statistics = try catalogueStatistics(file, posterSize: posterSize)
            if let genreFile = Self.table(genres, in: catalogue.files) {
                let reader = try openColumnReader(
                    path: path(genreFile.path), format: genreFile.format, columns: ["name"])
                while let values = try reader.next() {
                    if let name = values[0] { statistics.count(genre: name) }
                }
            }
            sets.append(
                ReportDataSet(
                    origin: .catalogue(index), file: file.path, isSeries: catalogue.type == .tv, statistics: statistics
                ))
        }
        return sets
    }

    /// A list's own file (not its `_details` file, which follows it): the CSV one when there is one.
    package static func listFile(_ files: [Manifest.DataFile]) -> Manifest.DataFile? {
        guard let first = files.first else { return nil }
        let base = (first.path as NSString).deletingPathExtension
        return files.first { $0.path == base + ".csv" } ?? first
    }

    /// A catalogue table's file: `<table>.csv`, else `<table>.ndjson`.
    package static func table(_ name: String, in files: [Manifest.DataFile]) -> Manifest.DataFile? {
        files.first { $0.path == name + ".csv" } ?? files.first { $0.path == name + ".ndjson" }
    }

    private func path(_ file: String) -> String { (runDirectory as NSString).appendingPathComponent(file) }

    private func listStatistics(_ file: Manifest.DataFile) throws(OutputError) -> DataSetStatistics {
        let columns = [
            "rank", "title", "name", "release_date", "first_air_date", "vote_average", "vote_count", "genres",
            "poster_file",
        ]
        let reader = try openColumnReader(path: path(file.path), format: file.format, columns: columns)
        var statistics = DataSetStatistics()
        while let row = try reader.next() {
            let date = row[3] ?? row[4]
            statistics.count(voteAverage: row[5], voteCount: row[6], date: date)
            for genre in (row[7] ?? "").split(separator: "|") { statistics.count(genre: String(genre)) }
            if statistics.posters.count < DataSetStatistics.posterLimit, let poster = PosterTile.checkedFile(row[8]) {
                statistics.posters.append(
                    PosterTile(
                        rank: row[0].flatMap { Int($0) } ?? statistics.rows, title: row[1] ?? row[2] ?? "",
                        file: poster, year: DataSetStatistics.year(of: date),
                        voteAverage: row[6] == "0" ? nil : row[5]))
            }
        }
        return statistics
    }

    /// A catalogue's main table; with posters on, the most popular rows whose poster is in the job's folder.
    private func catalogueStatistics(_ file: Manifest.DataFile, posterSize: String?) throws(OutputError)
        -> DataSetStatistics
    {
        let columns = [
            "title", "name", "release_date", "first_air_date", "vote_average", "vote_count", "popularity",
            "poster_path",
        ]
        let reader = try openColumnReader(path: path(file.path), format: file.format, columns: columns)
        var statistics = DataSetStatistics()
        // Twice the sheet's posters as candidates, in case some are not on disk (failed downloads).
        var popular = MostPopular(limit: DataSetStatistics.posterLimit * 2)
        while let row = try reader.next() {
            let date = row[2] ?? row[3]
            statistics.count(voteAverage: row[4], voteCount: row[5], date: date)
            if let posterSize, let popularity = row[6].flatMap(Double.init), popular.wouldKeep(popularity),
                let name = row[7].flatMap(PosterFileName.safeFileName(for:))
            {
                popular.offer(
                    PosterTile(
                        rank: 0, title: row[0] ?? row[1] ?? "",
                        file: OutputLayout.posterRelativePath(size: posterSize, fileName: name),
                        year: DataSetStatistics.year(of: date), voteAverage: row[5] == "0" ? nil : row[4]),
                    popularity: popularity)
            }
        }
        let present = popular.tiles.filter {
            FileManager.default.fileExists(atPath: (jobDirectory as NSString).appendingPathComponent($0.file))
        }
        statistics.posters = present.prefix(DataSetStatistics.posterLimit).enumerated().map { place, tile in
            var tile = tile
            tile.rank = place + 1
            return tile
        }
        return statistics
    }

    package init(runDirectory: String, jobDirectory: String) {
        self.runDirectory = runDirectory
        self.jobDirectory = jobDirectory
    }
}
