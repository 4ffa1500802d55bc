/// Derives a movie's details from the movie and its catalogue index: no state, a few microseconds, so details are
/// built on request instead of being stored for all 10,400 movies.
enum MovieDetailsGenerator {
    /// The details of `movie`, the movie at catalogue index `index`.
    static func details(of movie: SandboxMovie, index: Int) -> SandboxMovieDetails {
        var random = SplitMix64(seed: 0x7444_6D62_4465_7461, stream: UInt64(index))
        let status = status(movie, index: index)
        let budget = index % 3 == 0 ? 0 : Int(random.next() % 250_000_000) + 100_000
        let revenue: Int
        if status != .released || (budget == 0 && index % 2 == 0) {
            revenue = 0
        } else {
            let base = budget == 0 ? 5_000_000 : budget
            revenue = base / 10 * (2 + Int(random.next() % 60))
        }
        let countries = index % 37 == 2 ? [] : productionCountries(movie.originalLanguage, &random)
        return SandboxMovieDetails(
            movie: movie,
            collection: collection(movie, rank: index),
            budget: budget,
            genres: movie.genreIds.compactMap { genreNames[$0] },
            homepage: index % 4 == 1 ? "" : "https://www.example.com/movies/\(movie.id)",
            imdbId: index % 29 == 3 ? nil : "tt" + sevenDigits(1_000_000 + movie.id * 97),
            originCountry: countries.prefix(1).map(\.iso3166Code),
            productionCompanies: companies(&random, index: index),
            productionCountries: countries,
            revenue: revenue,
            runtime: index % 31 == 4 || status == .planned ? nil : 70 + Int(random.next() % 110),
            spokenLanguages: spokenLanguages(movie.originalLanguage, &random),
            status: status,
            tagline: tagline(index: index, &random))
    }

    /// Released, unless the movie has no date (planned or being shot) or comes out in 2026 (being edited).
    private static func status(_ movie: SandboxMovie, index: Int) -> SandboxMovieDetails.Status {
        if movie.releaseDate.isEmpty { return index % 2 == 0 ? .planned : .inProduction }
        return movie.releaseDate.hasPrefix("2026") ? .postProduction : .released
    }

    /// Sequels ("Silent Harbor 3") belong to their series' collection; a few hard cases to odd-named ones.
    private static func collection(_ movie: SandboxMovie, rank: Int) -> SandboxMovieDetails.CollectionSummary? {
        let name: String
        if rank < HardCase.all.count {
            guard let hardName = hardCollections[rank] else { return nil }
            name = hardName
        } else {
            let words = movie.title.split(separator: " ")
            guard words.count == 3, let number = Int(words[2]), (2...5).contains(number) else { return nil }
            name = "\(words[0]) \(words[1]) Collection"
        }
        let hash = fnv1a(name)
        let id = 1_000 + Int(hash % 900_000)
        return SandboxMovieDetails.CollectionSummary(
            id: id, name: name,
            posterPath: hash % 5 == 0 ? nil : ImagePath.derived(id: id, salt: ImagePath.collectionPosterSalt),
            backdropPath: hash % 7 == 0 ? nil : ImagePath.derived(id: id, salt: ImagePath.collectionBackdropSalt))
    }

    private static func productionCountries(_ language: String, _ random: inout SplitMix64)
        -> [SandboxMovieDetails.Country]
    {
        let home = languageCountries[language] ?? "US"
        var codes = [home]
        if random.next() % 5 == 0 {
            let other = countryCodes[Int(random.next() % UInt64(countryCodes.count))]
            if other != home { codes.append(other) }
        }
        return codes.map { SandboxMovieDetails.Country(iso3166Code: $0, name: countryNames[$0] ?? $0) }
    }

    private static func companies(_ random: inout SplitMix64, index: Int) -> [SandboxMovieDetails.Company] {
        guard index % 19 != 5 else { return [] }
        var picked: [SandboxMovieDetails.Company] = []
        for _ in 0..<(1 + Int(random.next() % 3)) {
            let company = companyPool[Int(random.next() % UInt64(companyPool.count))]
            if !picked.contains(company) { picked.append(company) }
        }
        return picked
    }

    private static func spokenLanguages(_ language: String, _ random: inout SplitMix64)
        -> [SandboxMovieDetails.SpokenLanguage]
    {
        var codes = [language]
        switch random.next() % 6 {
        case 0: codes.append(language == "en" ? "fr" : "en")
        case 1 where language == "zh": codes.append("cn")
        case 2: codes.append("la")
        default: break
        }
        return codes.map { code in
            let (englishName, name) = languageNames[code] ?? (code, "")
            return SandboxMovieDetails.SpokenLanguage(englishName: englishName, iso639Code: code, name: name)
        }
    }

    private static func tagline(index: Int, _ random: inout SplitMix64) -> String {
        if index < hardTaglines.count { return hardTaglines[index] }
        if index % 5 == 2 { return "" }
        return taglines[Int(random.next() % UInt64(taglines.count))]
    }

    private static func sevenDigits(_ value: Int) -> String {
        let digits = String(value % 10_000_000)
        return String(repeating: "0", count: 7 - digits.count) + digits
    }

    /// FNV-1a over the UTF-8 bytes: a stable hash (Swift's `hashValue` changes from run to run).
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3
        }
        return hash
    }

    private static let genreNames: [Int: SandboxGenre] = Dictionary(
        uniqueKeysWithValues: SandboxGenre.all.map { ($0.id, $0) })

    /// Collection names of the hard cases on page 1, by their catalogue index.
    private static let hardCollections: [Int: String] = [
        0: "Commas, Commas Collection", 1: "The \"Quoted\" Collection", 5: "ジブリ コレクション",
        12: "Family 👨‍👩‍👧 Collection", 17: "Tabs\tand \\Backslashes\\ Collection",
    ]

    /// Taglines of the hard cases on page 1, by their catalogue index.
    private static let hardTaglines = [
        "Commas, everywhere, always.", "\"Say it,\" she said.", "Line one.\nLine two.", "Windows\r\nline ending.",
        "  padded on both sides  ", "トンネルのむこうは、不思議の町でした。", "한 가족의 이야기", "卧虎藏龙，江湖之道。",
        "Зона ждёт.", "", "رسالة إلى العالم", "זיכרון, מלחמה.", "🎬🍿 + 👨‍👩‍👧 = ❤️", "\"", "=1+1", "-", "@everyone",
        "C:\\Films\\tagline\t.txt", "Elle va changer votre vie.", "",
    ]

    private static let taglines = [
        "In space, no one can hear you scream.", "Some doors should stay closed…", "\"Trust no one.\" — Anonymous",
        "Part man. Part machine. All cop.", "Love, loss & everything in between.", "¿Quién eres?",
        "It's not a bug; it's a feature!", "One town.\nOne night.", "The truth is out there.",
        "Every legend has a beginning.", "Be careful what you wish for.", "50% luck, 50% skill, 100% trouble.",
    ]

    static let companyPool: [SandboxMovieDetails.Company] = [
        (1_101, "Silver Lantern Pictures", "US"), (1_102, "Northwind Films", "GB"), (1_103, "東宝映像", "JP"),
        (1_104, "Ciné-Lumière & Fils", "FR"), (1_105, "Kestrel \"K\" Media, Inc.", "US"),
        (1_106, "Studio Seoul 서울", "KR"), (1_107, "Babelsberg Nord", "DE"), (1_108, "Orion Sands", ""),
        (1_109, "Cedar & Stone", "CA"), (1_110, "מרכז הקולנוע", "IL"), (1_111, "استوديو النيل", "EG"),
        (1_112, "Mosfilm Sever", "RU"), (1_113, "Red Kite Productions", "US"), (1_114, "Lago Azul", "ES"),
        (1_115, "Meridian Pictures", "US"), (1_116, "Fenice Film", "IT"),
    ].map { id, name, country in
        let logo = id % 3 == 0 ? nil : String(ImagePath.derived(id: id, salt: ImagePath.logoSalt).dropLast(4)) + ".png"
        return SandboxMovieDetails.Company(id: id, logoPath: logo, name: name, originCountry: country)
    }

    private static let languageCountries = [
        "en": "US", "fr": "FR", "es": "ES", "ja": "JP", "ko": "KR", "de": "DE", "it": "IT", "zh": "CN", "ru": "RU",
        "hi": "IN", "ar": "EG", "he": "IL", "el": "GR", "pt": "BR", "sv": "SE",
    ]

    private static let countryCodes = ["US", "GB", "FR", "DE", "CA", "JP", "ES", "IT", "MX", "PT", "SA", "KR"]

    private static let countryNames = [
        "US": "United States of America", "GB": "United Kingdom", "FR": "France", "ES": "Spain", "JP": "Japan",
        "KR": "South Korea", "DE": "Germany", "IT": "Italy", "CN": "China", "RU": "Russia", "IN": "India",
        "EG": "Egypt", "IL": "Israel", "GR": "Greece", "BR": "Brazil", "SE": "Sweden", "CA": "Canada",
        "PT": "Portugal", "MX": "Mexico", "SA": "Saudi Arabia",
    ]

    /// English name and own name of each language, as TMDB spells them (its Russian really starts with a Latin P).
    private static let languageNames: [String: (String, String)] = [
        "en": ("English", "English"), "fr": ("French", "Français"), "es": ("Spanish", "Español"),
        "ja": ("Japanese", "日本語"), "ko": ("Korean", "한국어/조선말"), "de": ("German", "Deutsch"),
        "it": ("Italian", "Italiano"), "zh": ("Mandarin", "普通话"), "cn": ("Cantonese", "广州话 / 廣州話"),
        "ru": ("Russian", "Pусский"), "hi": ("Hindi", "हिन्दी"), "ar": ("Arabic", "العربية"),
        "he": ("Hebrew", "עִבְרִית"), "el": ("Greek", "ελληνικά"), "pt": ("Portuguese", "Português"),
        "sv": ("Swedish", "svenska"), "la": ("Latin", "Latin"),
    ]
}
