/// `videos`: `{"results":[{"iso_639_1","iso_3166_1","name","key","site","size","type","official","published_at",
/// "id"}]}` in TMDB's key order; `published_at` in UTC (`2019-10-02T15:00:05.000Z`) in the year of the title's date
/// (2008 to 2026), `id` 24 hex digits. 0 to 8 from the id, and each edit version may add one or two.
enum VideosBody {
    static func append(to json: inout JSONBuffer, _ depth: TitleDepth) {
        var random = depth.base(purpose)
        let year = Int(depth.date.prefix(4)).map { min(max($0, 2008), 2026) } ?? 2019
        var videos: [Video] = []
        for index in 0..<Int(random.next() % 9) {
            videos.append(draw(&random, depth, year: year, serial: index))
        }
        if depth.version > 0 {
            var edit = depth.edit(purpose)
            for index in 0..<Int(edit.next() % 3) {
                videos.append(draw(&edit, depth, year: min(year + 1, 2026), serial: 100 * depth.version + index))
            }
        }
        json.raw("{\"results\":")
        json.objectArray(videos) { json, video in
            json.raw("\"iso_639_1\":")
            json.string(video.language)
            json.raw(",\"iso_3166_1\":")
            json.string(video.country)
            json.raw(",\"name\":")
            json.string(video.name)
            json.raw(",\"key\":")
            json.string(video.key)
            json.raw(",\"site\":")
            json.string(video.site)
            json.raw(",\"size\":")
            json.int(video.size)
            json.raw(",\"type\":")
            json.string(video.type)
            json.raw(",\"official\":")
            json.bool(video.official)
            json.raw(",\"published_at\":")
            json.string(video.publishedAt)
            json.raw(",\"id\":")
            json.string(video.id)
        }
        json.raw("}")
    }

    private struct Video {
        var language: String
        var country: String
        var name: String
        var key: String
        var site: String
        var size: Int
        var type: String
        var official: Bool
        var publishedAt: String
        var id: String
    }

    private static func draw(_ random: inout SplitMix64, _ depth: TitleDepth, year: Int, serial: Int) -> Video {
        let (language, country) = locales[Int(random.next() % UInt64(locales.count))]
        let type = types[Int(random.next() % UInt64(types.count))]
        let site = random.next() % 8 == 0 ? "Vimeo" : "YouTube"
        var key = ""
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for _ in 0..<(site == "YouTube" ? 11 : 9) {
            key.append(site == "YouTube" ? alphabet[Int(random.next() % 64)] : Character("\(random.next() % 10)"))
        }
        let names = [
            "Official \(type)", "\(type) #\(serial + 1)", "\"\(depth.title)\" — \(type)", "\(type) [\(language)]",
        ]
        let month = 1 + Int(random.next() % 12)
        let day = 1 + Int(random.next() % 28)
        let seconds = Int(random.next() % 86_400)
        let publishedAt =
            "\(year)-\(twoDigits(month))-\(twoDigits(day))T\(twoDigits(seconds / 3_600)):"
            + "\(twoDigits(seconds / 60 % 60)):\(twoDigits(seconds % 60)).000Z"
        var id = ""
        let hex = Array("0123456789abcdef")
        for _ in 0..<24 {
            id.append(hex[Int(random.next() % 16)])
        }
        return Video(
            language: language, country: country, name: names[Int(random.next() % UInt64(names.count))], key: key,
            site: site, size: sizes[Int(random.next() % UInt64(sizes.count))], type: type,
            official: random.next() % 4 != 0, publishedAt: publishedAt, id: id)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static let purpose: UInt64 = 0x5649_4445_4F53
    private static let locales = [("en", "US"), ("en", "US"), ("en", "GB"), ("fr", "FR"), ("de", "DE"), ("ja", "JP")]
    private static let types = [
        "Trailer", "Trailer", "Teaser", "Clip", "Featurette", "Behind the Scenes", "Bloopers", "Opening Credits",
    ]
    private static let sizes = [360, 480, 720, 1080, 1080, 2160]
}
