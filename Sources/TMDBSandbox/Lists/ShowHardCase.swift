/// A TV show built on purpose to break naive exporters: odd names, scripts, escapes and missing values.
///
/// The first ``all``.count shows of the TV catalogue are these cases with the highest popularity and (mostly) the
/// highest vote averages, so page 1 of `tv/popular` and `tv/top_rated` holds them; copies with ordinary numbers are
/// also scattered through the catalogue.
struct ShowHardCase: Sendable {
    var name: String
    var originalName: String
    var language: String
    var originCountry: [String]
    var overview: String
    var voteAverage: Double
    var voteCount: Int = 987
    var firstAirDate: String? = nil
    var hasPoster = true
    var hasBackdrop = true
    var adult = false
    var genreIds: [Int]? = nil

    /// Every case once; the order fixes their place on page 1.
    static let all: [ShowHardCase] = [
        ShowHardCase(
            name: "Law, Order, and Commas", originalName: "Law, Order, and Commas", language: "en",
            originCountry: ["US"], overview: "Cases, clues, and commas: one, two, three.", voteAverage: 10),
        ShowHardCase(
            name: "The \"Quoted\" Show", originalName: "The \"Quoted\" Show", language: "en", originCountry: ["GB"],
            overview: "Host says \"good evening\", guests say \"good night\".", voteAverage: 9.9),
        ShowHardCase(
            name: "Late\nNight", originalName: "Late\nNight", language: "en", originCountry: ["US"],
            overview: "Monologue.\nInterview.\n", voteAverage: 9.8, hasPoster: false),
        ShowHardCase(
            name: "Carriage\r\nReturns", originalName: "Carriage\r\nReturns", language: "en",
            originCountry: ["CA"], overview: "Season one:\r\nthe return.", voteAverage: 9.7, hasBackdrop: false),
        ShowHardCase(
            name: "Untitled Pilot", originalName: "Untitled Pilot", language: "en", originCountry: [],
            overview: "Not yet aired, country unknown.", voteAverage: 9, firstAirDate: ""),
        ShowHardCase(
            name: "進撃の巨人", originalName: "進撃の巨人", language: "ja", originCountry: ["JP"],
            overview: "巨人が支配する世界で、人類は壁の中に暮らしている。", voteAverage: 9.6),
        ShowHardCase(
            name: "오징어 게임", originalName: "오징어 게임", language: "ko", originCountry: ["KR"],
            overview: "456명의 참가자가 상금을 걸고 게임에 뛰어든다.", voteAverage: 9.5),
        ShowHardCase(
            name: "琅琊榜", originalName: "琅琊榜", language: "zh", originCountry: ["CN"],
            overview: "江左梅郎麒麟才子，得之可得天下。", voteAverage: 9.4),
        ShowHardCase(
            name: "Мастер и Маргарита", originalName: "Мастер и Маргарита", language: "ru", originCountry: ["RU"],
            overview: "Воланд прибывает в Москву.", voteAverage: 9.3),
        ShowHardCase(
            name: "باب الحارة", originalName: "باب الحارة", language: "ar", originCountry: ["SY"],
            overview: "حكايات حارة دمشقية في زمن الانتداب.", voteAverage: 9.2),
        ShowHardCase(
            name: "שטיסל", originalName: "שטיסל", language: "he", originCountry: ["IL"],
            overview: "משפחה חרדית בירושלים.", voteAverage: 9.1, genreIds: []),
        ShowHardCase(
            name: "Tel Aviv תל אביב Nights", originalName: "לילות תל אביב", language: "he", originCountry: ["IL"],
            overview: "Left-to-right and right-to-left: שלום, hello.", voteAverage: 9.4),
        ShowHardCase(
            name: "पंचायत", originalName: "पंचायत", language: "hi", originCountry: ["IN"],
            overview: "एक इंजीनियर गाँव की पंचायत में सचिव बन जाता है।", voteAverage: 9.2),
        ShowHardCase(
            name: "Family 👨‍👩‍👧‍👦 Road Trip 🇯🇵🇰🇷", originalName: "Family 👨‍👩‍👧‍👦 Road Trip 🇯🇵🇰🇷", language: "en",
            originCountry: ["US", "JP", "KR"], overview: "Emoji 🚐💨 with a skin tone 👋🏾 and a flag 🏳️‍🌈.",
            voteAverage: 9),
        ShowHardCase(
            name: "Money Heist", originalName: "La casa de papel", language: "es", originCountry: ["ES"],
            overview: "Ocho ladrones toman la Fábrica Nacional de Moneda y Timbre.", voteAverage: 9.6),
        ShowHardCase(
            name: "Élite", originalName: "Élite", language: "es", originCountry: ["ES"],
            overview: "Tres estudiantes llegan a Las Encinas, el colegio más exclusivo de España.", voteAverage: 9.5),
        ShowHardCase(
            name: "\"", originalName: "\"", language: "en", originCountry: ["AU"],
            overview: "A name that is a single double quote.", voteAverage: 9.9),
        ShowHardCase(
            name: "A \"Quoted\", Comma,\nand a Line", originalName: "A \"Quoted\", Comma,\nand a Line", language: "en",
            originCountry: ["NZ"], overview: "Every CSV hazard at once: \", \\, \t and \r\n.", voteAverage: 9.3,
            hasPoster: false),
        ShowHardCase(
            name: "=cmd|' /C calc'!A0", originalName: "=cmd|' /C calc'!A0", language: "en", originCountry: ["US"],
            overview: "Tabs\tand \\Backslashes\\ C:\\Shows\\Poster.jpg", voteAverage: 9.2, adult: true),
        ShowHardCase(
            name: "Zero Votes TV", originalName: "Zero Votes TV", language: "en", originCountry: [], overview: "",
            voteAverage: 0, voteCount: 0, firstAirDate: "", hasPoster: false, hasBackdrop: false, genreIds: []),
    ]

    /// Every how many shows a scattered copy of a hard case appears.
    static let scatterStride = 150
    /// Index within each stride where the scattered copy sits.
    static let scatterOffset = 75
}
