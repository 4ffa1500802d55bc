import JSON

extension TVShow {
    public init(scanning scanner: inout JSONScanner) throws(JSONScanner.Failure) {
        var id: Int?
        var name: String?
        var show = TVShow(id: 0, name: "")
        var seen = SeenKeys()
        var object = try scanner.openObject()
        while let key = try scanner.nextKey(in: &object) {
            switch key {
            case "id":
                try seen.insert(0, scanner)
                id = try scanner.int()
            case "name":
                try seen.insert(1, scanner)
                name = try scanner.string()
            case "original_name":
                try seen.insert(2, scanner)
                show.originalName = try scanner.null() ? nil : scanner.string()
            case "first_air_date":
                try seen.insert(3, scanner)
                show.firstAirDate = try scanner.null() ? nil : scanner.string().nonEmpty
            case "origin_country":
                try seen.insert(4, scanner)
                show.originCountry = []
                if try scanner.null() { break }
                var array = try scanner.openArray()
                while try scanner.nextElement(in: &array) { show.originCountry.append(try scanner.string()) }
            default:
                if try !show.scanSharedField(key, &scanner, &seen) { try scanner.skipValue() }
            }
        }
        guard let id, let name else { throw scanner.failure("a show without id or name") }
        show.id = id
        show.name = name
        self = show
    }
}
