import JSON

extension CatalogueRecord.WatchOffer {
    /// The offers of an appended `watch/providers`: its countries as `results` lists them, each country's kinds in
    /// the order its object gives them, each kind's providers in array order. A country lists only the kinds it has
    /// (one with only a `link` gives nothing); a key that is not one of the five kinds is skipped, so `kind` stays a
    /// closed set (the details file keeps the answer whole).
    static func list(reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) -> [Self] {
        var offers: [Self] = []
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            guard key == "results" else { return try reader.skip() }
            try reader.object { (reader, country) throws(CatalogueReader.Failure) in
                offers += try Self.country(country.string, reading: &reader)
            }
        }
        return offers
    }

    private static func country(
        _ country: String, reading reader: inout CatalogueReader
    ) throws(CatalogueReader.Failure) -> [Self] {
        var offers: [Self] = []
        var link: String?
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            if key == "link" {
                link = try reader.nonEmptyString()
                return
            }
            guard let kind = Kind(rawValue: key.string) else { return try reader.skip() }
            try reader.array { (reader, _) throws(CatalogueReader.Failure) in
                offers.append(try Self(country: country, kind: kind, reading: &reader))
            }
        }
        // The link may come after the kinds.
        for index in offers.indices { offers[index].link = link }
        return offers
    }

    private init(country: String, kind: Kind, reading reader: inout CatalogueReader) throws(CatalogueReader.Failure) {
        self.init(country: country, kind: kind)
        try reader.object { (reader, key) throws(CatalogueReader.Failure) in
            switch key {
            case "provider_id": providerID = try reader.int()
            case "provider_name": providerName = try reader.nonEmptyString()
            case "display_priority": displayPriority = try reader.int()
            default: try reader.skip()
            }
        }
    }
}
