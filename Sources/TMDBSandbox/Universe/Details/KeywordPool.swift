/// TMDB-like keywords: a fixed pool of ids and names, some that a CSV writer must quote.
enum KeywordPool {
    static let all: [(id: Int, name: String)] = {
        let base = [
            "based on novel or book", "sequel", "dystopia", "friendship", "revenge", "small town", "time travel",
            "woman director", "biography", "murder", "love", "family", "new york city", "london, england",
            "world war ii", "coming of age", "heist", "robot", "artificial intelligence", "superhero",
            "\"found footage\"", "duringcreditsstinger", "aftercreditsstinger", "anime", "東京", "paris, france",
            "road trip", "father son relationship", "high school", "space", "alien", "zombie", "vampire",
            "remake", "musical", "sports", "lgbt", "christmas", "independent film", "short film",
        ]
        return (0..<400).map { index in
            let name = base[index % base.count]
            return (id: 818 + index * 37, name: index < base.count ? name : "\(name) \(index / base.count)")
        }
    }()

    /// Appends `[{"id":…,"name":…},…]`: 0 to `maximum` keywords drawn from the pool, without repeats, then `delta`
    /// more drawn the same way (or `-delta` fewer, dropped from the end).
    static func appendList(to json: inout JSONBuffer, maximum: Int, delta: Int = 0, _ random: inout SplitMix64) {
        let count = max(0, Int(random.next() % UInt64(maximum + 1)) + delta)
        var start = Int(random.next() % UInt64(all.count))
        json.objectArray(0..<count) { json, _ in
            start = (start + 1 + Int(random.next() % 7)) % all.count
            let keyword = all[start]
            json.raw("\"id\":")
            json.int(keyword.id)
            json.raw(",\"name\":")
            json.string(keyword.name)
        }
    }
}
