import JSON

extension SeasonBatchRecord {
    /// Reads the answer to ``TMDB/SeasonBatch``: the series' `id` and each asked-for `season/N`, skipping the details
    /// the answer repeats. Fails, naming the key, when a season asked for is missing: TMDB leaves out a season it
    /// cannot give, and a series is never written with some of its seasons.
    public init(answer bytes: UnsafeRawBufferPointer, seasons asked: [Int]) throws(CatalogueRecordError) {
        self = try CatalogueReader.record(.tv, bytes) { (reader, id) throws(CatalogueReader.Failure) in
            var found: [Int: SeasonRecord] = [:]
            try reader.object { (reader, key) throws(CatalogueReader.Failure) in
                if key == "id" {
                    id = try reader.int()
                    return
                }
                let name = key.string
                guard name.hasPrefix("season/"), let number = Int(name.dropFirst("season/".count)),
                    asked.contains(number)
                else { return try reader.skip() }
                found[number] = try SeasonRecord(reading: &reader)
            }
            let seriesID = try CatalogueReader.requireID(id, reader)
            var seasons: [SeasonRecord] = []
            seasons.reserveCapacity(asked.count)
            for number in asked {
                guard let season = found[number] else {
                    throw CatalogueReader.Failure(
                        reversedPath: [.key("season/\(number)")],
                        message: "missing from the answer (expected every season asked for)",
                        offset: bytes.count)
                }
                seasons.append(season)
            }
            var batch = SeasonBatchRecord(seriesID: seriesID, seasons: seasons)
            batch.largeIntegers = reader.largeIntegers
            return batch
        }
    }
}

extension SeasonRecord {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "season_number": seasonNumber = try reader.int()
            case "episodes": try reader.elements(appendingTo: &episodes)
            default: try reader.skip()
            }
        }
    }
}

extension SeasonRecord.Episode: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "id": id = try reader.int()
            case "season_number": seasonNumber = try reader.int()
            case "episode_number": episodeNumber = try reader.int()
            case "name": name = try reader.string()
            case "air_date": airDate = try reader.nonEmptyString()
            case "episode_type": episodeType = try reader.nonEmptyString()
            case "runtime": runtime = try reader.int().flatMap { $0 == 0 ? nil : $0 }
            case "vote_average": voteAverage = try reader.double()
            case "vote_count": voteCount = try reader.int()
            case "production_code": productionCode = try reader.nonEmptyString()
            case "overview": overview = try reader.string()
            case "still_path": stillPath = try reader.nonEmptyString()
            case "crew": try reader.elements(appendingTo: &crew)
            case "guest_stars": try reader.elements(appendingTo: &guestStars)
            default: try reader.skip()
            }
        }
    }
}

extension SeasonRecord.GuestStar: CatalogueElement {
    init(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init()
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "credit_id": creditID = try reader.string()
            case "character": character = try reader.string()
            case "order": order = try reader.int()
            default: if try !person.read(key, &reader) { try reader.skip() }
            }
        }
    }
}
