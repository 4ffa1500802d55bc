/// `alternative_titles`: `{"titles":[…]}` for a movie, `{"results":[…]}` for a series (TMDB nests them differently),
/// each `{"iso_3166_1":…,"title":…,"type":…}`, `type` mostly `""`. 0 to 8 from the id, and each edit version adds
/// 0 to 2 at the end.
enum AlternativeTitlesBody {
    static func append(to json: inout JSONBuffer, _ depth: TitleDepth) {
        var random = depth.base(purpose)
        var titles: [(country: String, title: String, type: String)] = []
        for _ in 0..<Int(random.next() % 9) {
            titles.append(draw(&random, depth))
        }
        if depth.version > 0 {
            var edit = depth.edit(purpose)
            for _ in 0..<Int(edit.next() % 3) {
                titles.append(draw(&edit, depth))
            }
        }
        json.raw(depth.type == .movie ? "{\"titles\":" : "{\"results\":")
        json.objectArray(titles) { json, entry in
            json.raw("\"iso_3166_1\":")
            json.string(entry.country)
            json.raw(",\"title\":")
            json.string(entry.title)
            json.raw(",\"type\":")
            json.string(entry.type)
        }
        json.raw("}")
    }

    private static func draw(_ random: inout SplitMix64, _ depth: TitleDepth) -> (String, String, String) {
        let country = countries[Int(random.next() % UInt64(countries.count))]
        let base = depth.title.isEmpty ? "Untitled \(depth.id)" : depth.title
        let title: String =
            switch random.next() % 5 {
            case 0: "\(base) \(forms[Int(random.next() % UInt64(forms.count))])"
            case 1: base.uppercased()
            case 2: "\(spellings[Int(random.next() % UInt64(spellings.count))]) \(depth.id % 1_000)"
            default: "\(base) (\(country))"
            }
        let type = random.next() % 3 == 0 ? types[Int(random.next() % UInt64(types.count))] : ""
        return (country, title, type)
    }

    private static let purpose: UInt64 = 0x414C_5454_4954
    private static let countries = ["US", "GB", "FR", "DE", "JP", "BR", "ES", "MX", "KR", "IT", "RU", "IL", "SA", "CN"]
    private static let types = ["working title", "DVD title", "short title", "romanized", "Alternative spelling"]
    private static let forms = ["- The Movie", ": Director's Cut", "(\"Original\")", "II"]
    private static let spellings = ["Le Titre", "Der Titel", "タイトル", "العنوان", "הכותרת", "Título, El", "🎬 Title"]
}
