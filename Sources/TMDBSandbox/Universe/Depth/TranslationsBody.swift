/// `translations`: `{"translations":[{"iso_3166_1":…,"iso_639_1":…,"name":…,"english_name":…,"data":{…}}]}`, the
/// data `{"homepage","overview","runtime","tagline","title"}` for a movie and `{"name","overview","homepage",
/// "tagline"}` for a series, in TMDB's key order. The first translation is the original language's and echoes the
/// details; the others leave many fields `""` (and `runtime` `0`), as TMDB's do. 0 to 10 from the id, and each edit
/// version may add one more.
enum TranslationsBody {
    static func append(to json: inout JSONBuffer, _ depth: TitleDepth) {
        var random = depth.base(purpose)
        var count = Int(random.next() % 11)
        var edit = depth.edit(purpose)
        if depth.version > 0, edit.next() % 2 == 0 { count += 1 }
        let own = languages.firstIndex { $0.language == depth.originalLanguage } ?? 0
        var start = Int(random.next() % UInt64(languages.count))
        json.raw("{\"translations\":")
        json.objectArray(0..<count) { json, offset in
            let index: Int
            if offset == 0 {
                index = own
            } else {
                start = (start + 1) % languages.count
                if start == own { start = (start + 1) % languages.count }
                index = start
            }
            let language = languages[index]
            json.raw("\"iso_3166_1\":")
            json.string(language.country)
            json.raw(",\"iso_639_1\":")
            json.string(language.language)
            json.raw(",\"name\":")
            json.string(language.name)
            json.raw(",\"english_name\":")
            json.string(language.englishName)
            json.raw(",\"data\":")
            let data = offset == 0 ? ownData(depth) : draw(&random, language.language, depth)
            appendData(data, to: &json, depth.type)
        }
        json.raw("}")
    }

    private struct Data {
        var title = ""
        var overview = ""
        var tagline = ""
        var homepage = ""
        var runtime = 0
    }

    private static func ownData(_ depth: TitleDepth) -> Data {
        Data(
            title: depth.title, overview: depth.overview, tagline: depth.tagline, homepage: depth.homepage,
            runtime: depth.runtime ?? 0)
    }

    private static func draw(_ random: inout SplitMix64, _ language: String, _ depth: TitleDepth) -> Data {
        var data = Data()
        if random.next() % 3 != 0 { data.title = "\(depth.title) [\(language)]" }
        if random.next() % 2 == 0 { data.overview = "Overview in \"\(language)\" of title \(depth.id).\nSecond line." }
        if random.next() % 4 == 0 { data.tagline = "Tagline, \(language)" }
        if random.next() % 5 == 0 { data.homepage = "https://example.\(language)/title/\(depth.id)" }
        if random.next() % 2 == 0 { data.runtime = depth.runtime ?? 0 }
        return data
    }

    private static func appendData(_ data: Data, to json: inout JSONBuffer, _ type: CatalogueMediaType) {
        switch type {
        case .movie:
            json.raw("{\"homepage\":")
            json.string(data.homepage)
            json.raw(",\"overview\":")
            json.string(data.overview)
            json.raw(",\"runtime\":")
            json.int(data.runtime)
            json.raw(",\"tagline\":")
            json.string(data.tagline)
            json.raw(",\"title\":")
            json.string(data.title)
        case .series:
            json.raw("{\"name\":")
            json.string(data.title)
            json.raw(",\"overview\":")
            json.string(data.overview)
            json.raw(",\"homepage\":")
            json.string(data.homepage)
            json.raw(",\"tagline\":")
            json.string(data.tagline)
        }
        json.raw("}")
    }

    private static let purpose: UInt64 = 0x5452_414E_534C
    private static let languages: [(language: String, country: String, name: String, englishName: String)] = [
        ("en", "US", "English", "English"), ("fr", "FR", "Français", "French"), ("de", "DE", "Deutsch", "German"),
        ("ja", "JP", "日本語", "Japanese"), ("es", "ES", "Español", "Spanish"), ("es", "MX", "Español", "Spanish"),
        ("pt", "BR", "Português", "Portuguese"), ("ko", "KR", "한국어/조선말", "Korean"),
        ("ar", "SA", "العربية", "Arabic"), ("he", "IL", "עִבְרִית", "Hebrew"), ("zh", "CN", "普通话", "Mandarin"),
        ("it", "IT", "Italiano", "Italian"), ("ru", "RU", "Pусский", "Russian"), ("sv", "SE", "svenska", "Swedish"),
        ("hi", "IN", "", "Hindi"),
    ]
}
