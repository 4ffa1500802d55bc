/// Words and awkward strings for the generated part of the universe: ordinary titles mostly, and now and then one
/// that a CSV writer must quote (commas, quotes, line breaks) or that is not ASCII.
enum UniverseText {
    /// A title of two to four words, awkward about one time in forty.
    static func title(_ random: inout SplitMix64) -> String {
        if random.next() % 40 == 0 { return pick(awkwardTitles, &random) }
        return plainTitle(adjectives: adjectives, nouns: nouns, &random)
    }

    /// A title of two to four words: these adjectives and nouns, a number or one of ``subtitles``.
    static func plainTitle(adjectives: [String], nouns: [String], _ random: inout SplitMix64) -> String {
        let adjective = pick(adjectives, &random)
        let noun = pick(nouns, &random)
        switch random.next() % 5 {
        case 0: return "The \(adjective) \(noun)"
        case 1: return "\(noun) of the \(pick(nouns, &random))"
        case 2: return "\(adjective) \(noun) \(2 + Int(random.next() % 4))"
        case 3: return "\(noun): \(pick(subtitles, &random))"
        default: return "\(adjective) \(noun)"
        }
    }

    /// An original title in the language's script for some non-English languages, else `title`.
    static func originalTitle(_ title: String, language: String, _ random: inout SplitMix64) -> String {
        guard let native = nativeTitles[language], random.next() % 2 == 0 else { return title }
        return pick(native, &random)
    }

    /// Two sentences; one in thirty holds a line break, quotes or a tab.
    static func overview(_ random: inout SplitMix64) -> String {
        let text =
            "A \(pick(roles, &random)) \(pick(verbs, &random)) \(pick(objects, &random)) in \(pick(places, &random))."
        switch random.next() % 30 {
        case 0: return text + "\nSoon, \"nothing\" is what it seems."
        case 1: return text + " Soon,\tthe past returns — again."
        case 2: return ""
        default: return text + " Soon, \(pick(twists, &random))."
        }
    }

    /// A person's name, not ASCII about one time in eight.
    static func personName(_ random: inout SplitMix64) -> String {
        if random.next() % 8 == 0 { return pick(nativeNames, &random) }
        let first = pick(firstNames, &random)
        let last = pick(lastNames, &random)
        return random.next() % 25 == 0 ? "\(first) \"\(pick(nicknames, &random))\" \(last)" : "\(first) \(last)"
    }

    /// A character's name, as TMDB's `character` holds it.
    static func character(_ random: inout SplitMix64) -> String {
        switch random.next() % 12 {
        case 0: return "Himself"
        case 1: return "\(pick(firstNames, &random)) (voice)"
        case 2: return "\(pick(extras, &random)) #\(1 + random.next() % 4)"
        case 3: return ""
        case 4: return "\(pick(firstNames, &random)) / \(pick(firstNames, &random))"
        default: return "\(pick(firstNames, &random)) \(pick(lastNames, &random))"
        }
    }

    static func pick(_ words: [String], _ random: inout SplitMix64) -> String {
        words[Int(random.next() % UInt64(words.count))]
    }

    static let languages = [
        "en", "en", "en", "en", "en", "en", "en", "en", "en", "fr", "es", "ja", "ko", "de", "it", "zh", "ru", "hi",
        "ar", "he", "pt", "sv", "tr", "da",
    ]

    private static let awkwardTitles = [
        "Commas, Commas, Commas", "\"Quoted\" Title", "Line One\nLine Two", "Tab\tSeparated", "Café Society Ünïcode",
        "Back\\Slash", "  Padded  ", "=SUM(A1:A9)", "東京物語 (Redux)", "Семья, лето", "🎬 Popcorn Night",
        "O'Brien's \"Last\" Stand, Part 2",
    ]
    private static let nativeTitles: [String: [String]] = [
        "ja": ["静かな港", "最後の駅", "夏の庭"], "ko": ["조용한 항구", "마지막 역"], "zh": ["沉默的港口", "最后的车站"],
        "ru": ["Тихая гавань", "Последняя станция"], "ar": ["الميناء الصامت", "المحطة الأخيرة"],
        "he": ["הנמל השקט"], "hi": ["शांत बंदरगाह"], "fr": ["Le Port silencieux", "La Dernière Gare"],
    ]
    private static let adjectives = [
        "Silent", "Last", "Broken", "Golden", "Hidden", "Crimson", "Lost", "Endless", "Frozen", "Midnight", "Savage",
        "Quiet", "Burning", "Hollow", "Electric", "Distant", "Wild", "Pale", "Secret", "Iron", "Northern", "Velvet",
    ]
    private static let nouns = [
        "Harbor", "Empire", "Garden", "Signal", "River", "Kingdom", "Witness", "Horizon", "Machine", "Orchard",
        "Frontier", "Lantern", "Voyage", "Citadel", "Echo", "Meridian", "Station", "Desert", "Mirror", "Storm",
        "Circus", "Archive", "Precinct", "Academy", "Island", "Dynasty",
    ]
    private static let subtitles = [
        "The Reckoning", "A New Dawn", "Origins", "The Long Night", "Homecoming", "Final Chapter", "Redemption",
    ]
    static let roles = [
        "retired detective", "young pilot", "reluctant heir", "small-town teacher", "disgraced chef",
        "stubborn farmer", "rookie journalist", "lonely astronaut", "street magician", "former boxer",
    ]
    static let verbs = [
        "uncovers", "guards", "chases", "inherits", "loses", "rebuilds", "smuggles", "decodes", "defends", "forgets",
    ]
    static let objects = [
        "a stolen map", "an ancient machine", "a family secret", "the last train ticket", "a forbidden song",
        "a mysterious letter", "a broken compass", "a sunken ship", "the town's only clock",
    ]
    static let places = [
        "1970s Lisbon", "a frozen outpost", "a crumbling hotel", "the outskirts of Tokyo", "a border town",
        "a floating city", "post-war Vienna", "the Moroccan desert", "a lighthouse", "an orbital station",
    ]
    private static let twists = [
        "old friends become enemies", "the past refuses to stay buried", "nothing is what it seems",
        "a storm changes everything", "the truth comes at a price", "an unlikely alliance forms",
    ]
    private static let firstNames = [
        "Anna", "James", "Maria", "David", "Sofia", "Michael", "Elena", "Robert", "Laura", "Thomas", "Chloé", "José",
        "Ingrid", "Kenji", "Amara", "Lucas", "Priya", "Omar", "Nadia", "Viktor", "Grace", "Mateo", "Yara", "Henrik",
    ]
    private static let lastNames = [
        "Smith", "García", "Müller", "Rossi", "Kowalski", "Nguyen", "O'Connor", "Dubois", "Johansson", "Silva",
        "Tanaka", "Okafor", "Petrov", "Haddad", "Fischer", "Moreau", "Lindqvist", "Kim", "Brown", "Novak",
    ]
    private static let extras = ["Guard", "Nurse", "Reporter", "Pilot", "Waiter"]
    private static let nicknames = ["Doc", "Kid", "Red", "Bones"]
    private static let nativeNames = [
        "渡辺 謙", "김민지", "Владимир Машков", "نور الشريف", "שירה כהן", "अमिताभ बच्चन", "周迅", "Zoë Ní Bhriain",
    ]
}
