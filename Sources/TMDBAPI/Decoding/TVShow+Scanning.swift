extension TVShow: ScannableListItem {
    /// Reads a show as ``init(from:)`` decodes it (see ``ScannableListItem``).
    init?(scanning scanner: inout JSONScanner) {
        var id: Int?
        var name: String?
        var show = TVShow(id: 0, name: "")
        var seen = SeenKeys()
        let complete = scanner.object { scanner, key in
            switch key {
            case "id":
                guard seen.first(0), let value = scanner.int() else { return false }
                id = value
            case "name":
                guard seen.first(1), let value = scanner.string() else { return false }
                name = value
            case "original_name":
                guard seen.first(2), let value = scanner.nullable({ $0.string() }) else { return false }
                show.originalName = value
            case "first_air_date":
                guard seen.first(3), let value = scanner.nullable({ $0.string() }) else { return false }
                show.firstAirDate = value?.nonEmpty
            case "origin_country":
                guard seen.first(4), let value = scanner.nullable({ $0.array(of: { $0.string() }) }) else { return false }
                show.originCountry = value ?? []
            default:
                return show.scanSharedField(key, &scanner, &seen) ?? scanner.skipValue()
            }
            return true
        }
        guard complete, let id, let name else { return nil }
        show.id = id
        show.name = name
        self = show
    }
}
