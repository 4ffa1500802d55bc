/// `watch/providers` as TMDB appends it: `{"results":{"US":{"link":…,"flatrate":[…],"rent":[…],"buy":[…]},…}}`,
/// countries in alphabetical order, each provider `{"logo_path","provider_id","provider_name","display_priority"}`
/// by display priority; a country lists only the kinds it has (many lack `rent`, `ads` or `free`).
///
/// Unlike the other sub-resources, the offers drift without a change-feed entry, as on TMDB: each title draws them
/// afresh every 7 days, on a weekday of its own (about one title in seven a day), from (id, week) alone.
enum WatchProvidersBody {
    /// The appended form; `/3/{movie,tv}/{id}/watch/providers` adds `"id"` first (``standalone(_:)``).
    static func append(to json: inout JSONBuffer, _ depth: TitleDepth) {
        json.raw("{\"results\":")
        appendResults(to: &json, depth)
        json.raw("}")
    }

    /// The body of `/3/movie/{id}/watch/providers` or `/3/tv/{id}/watch/providers`.
    static func standalone(_ depth: TitleDepth) -> [UInt8] {
        var json = JSONBuffer(capacity: 2_048)
        json.raw("{\"id\":")
        json.int(depth.id)
        json.raw(",\"results\":")
        appendResults(to: &json, depth)
        json.raw("}")
        return json.bytes
    }

    /// The offers of the title on its day: per country, per kind, the providers in display order.
    static func offers(_ depth: TitleDepth) -> [(country: String, kinds: [(WatchOfferKind, [WatchProvider])])] {
        var random = depth.base(purpose)
        let phase = Int(random.next() % 7)
        let week = (depth.step + phase) / 7
        var drift = SplitMix64(seed: purpose ^ (UInt64(week) &* 0x9E37_79B9_7F4A_7C15), stream: UInt64(depth.id))
        let providers = WatchProvider.catalogue(depth.type)
        let countryCount = Int(drift.next() % 6)
        let countries = WatchProvider.countries
        var start = Int(drift.next() % UInt64(countries.count))
        var chosen: [String] = []
        for _ in 0..<countryCount {
            start = (start + 1 + Int(drift.next() % 3)) % countries.count
            if !chosen.contains(countries[start]) { chosen.append(countries[start]) }
        }
        return chosen.sorted().map { country in
            var kinds: [(WatchOfferKind, [WatchProvider])] = []
            for kind in WatchOfferKind.allCases where drift.next() % 3 != 0 || kind == .flatrate {
                let offering = providers.filter { $0.kinds.contains(kind) }
                var picked: [WatchProvider] = []
                for _ in 0..<(1 + Int(drift.next() % 3)) {
                    let provider = offering[Int(drift.next() % UInt64(offering.count))]
                    if !picked.contains(provider) { picked.append(provider) }
                }
                picked.sort { ($0.displayPriority(in: country), $0.id) < ($1.displayPriority(in: country), $1.id) }
                kinds.append((kind, picked))
            }
            // Some countries have no subscription offer: every kind can be missing, but one remains.
            if drift.next() % 4 == 0, kinds.count > 1 { kinds.removeFirst() }
            return (country, kinds)
        }
    }

    private static func appendResults(to json: inout JSONBuffer, _ depth: TitleDepth) {
        json.raw("{")
        for (offset, entry) in offers(depth).enumerated() {
            if offset > 0 { json.raw(",") }
            json.string(entry.country)
            json.raw(":{\"link\":")
            let path = depth.type == .movie ? "movie" : "tv"
            json.string("https://www.themoviedb.org/\(path)/\(depth.id)/watch?locale=\(entry.country)")
            for (kind, providers) in entry.kinds {
                json.raw(",\"\(kind.rawValue)\":")
                json.objectArray(providers) { json, provider in
                    json.raw("\"logo_path\":")
                    json.string(provider.logoPath)
                    json.raw(",\"provider_id\":")
                    json.int(provider.id)
                    json.raw(",\"provider_name\":")
                    json.string(provider.name)
                    json.raw(",\"display_priority\":")
                    json.int(provider.displayPriority(in: entry.country))
                }
            }
            json.raw("}")
        }
        json.raw("}")
    }

    private static let purpose: UInt64 = 0x5741_5443_4850
}
