/// A movie built on purpose to break naive exporters: odd titles, scripts, escapes and missing values.
///
/// The first ``all``.count movies of the catalogue are these cases with the highest popularity and (mostly) the
/// highest vote averages, so page 1 of `popular` and `top_rated` holds them; copies with ordinary numbers are also
/// scattered through the catalogue.
struct HardCase: Sendable {
    var title: String
    var originalTitle: String
    var language: String
    var overview: String
    var voteAverage: Double
    var voteCount: Int = 1_234
    var releaseDate: String? = nil
    var hasPoster = true
    var hasBackdrop = true
    var adult = false
    var genreIds: [Int]? = nil

    /// Every case once; the order fixes their place on page 1.
    static let all: [HardCase] = [
        HardCase(
            title: "Commas, Commas, and More Commas", originalTitle: "Commas, Commas, and More Commas", language: "en",
            overview: "A list, with commas, of things: one, two, three.", voteAverage: 10),
        HardCase(
            title: "The \"Quoted\" Movie", originalTitle: "The \"Quoted\" Movie", language: "en",
            overview: "She said \"hello\", he said \"goodbye\".", voteAverage: 9.9),
        HardCase(
            title: "Line\nBreak", originalTitle: "Line\nBreak", language: "en",
            overview: "First line.\nSecond line.\n", voteAverage: 9.8, hasPoster: false),
        HardCase(
            title: "Carriage\r\nReturn", originalTitle: "Carriage\r\nReturn", language: "en",
            overview: "Windows line ending:\r\nthen more.", voteAverage: 9.7, hasBackdrop: false),
        HardCase(
            title: "  Leading and Trailing Spaces  ", originalTitle: "  Leading and Trailing Spaces  ", language: "en",
            overview: "  Padded on both sides.  ", voteAverage: 9, releaseDate: ""),
        HardCase(
            title: "千と千尋の神隠し", originalTitle: "千と千尋の神隠し", language: "ja",
            overview: "10歳の少女千尋が、不思議な町で働くことになる。", voteAverage: 9.6),
        HardCase(
            title: "기생충", originalTitle: "기생충", language: "ko",
            overview: "전원백수로 살 길 막막하지만 사이는 좋은 기택 가족.", voteAverage: 9.5),
        HardCase(
            title: "卧虎藏龙", originalTitle: "卧虎藏龙", language: "zh",
            overview: "一把青冥剑引发的江湖恩怨。", voteAverage: 9.4),
        HardCase(
            title: "Сталкер", originalTitle: "Сталкер", language: "ru",
            overview: "Сталкер ведёт Писателя и Профессора в Зону.", voteAverage: 9.3),
        HardCase(
            title: "Ο Θίασος", originalTitle: "Ο Θίασος", language: "el",
            overview: "Ένας θίασος περιοδεύει στην Ελλάδα.", voteAverage: 9.2),
        HardCase(
            title: "الرسالة", originalTitle: "الرسالة", language: "ar",
            overview: "قصة ظهور الإسلام في مكة.", voteAverage: 9.1),
        HardCase(
            title: "ואלס עם באשיר", originalTitle: "ואלס עם באשיר", language: "he",
            overview: "במאי מנסה לשחזר את זיכרונותיו מהמלחמה.", voteAverage: 9.1, genreIds: []),
        HardCase(
            title: "Family 👨‍👩‍👧 Trip to 🇫🇷", originalTitle: "Family 👨‍👩‍👧 Trip to 🇫🇷", language: "en",
            overview: "Emoji 🎬🍿 with a skin tone 👍🏽 and a flag 🇯🇵.", voteAverage: 9),
        HardCase(
            title: "\"", originalTitle: "\"", language: "en",
            overview: "A title that is a single double quote.", voteAverage: 9.9),
        HardCase(
            title: "=SUM(A1:A9)", originalTitle: "=SUM(A1:A9)", language: "en",
            overview: "=HYPERLINK(\"http://example.invalid\",\"click\")", voteAverage: 9.3),
        HardCase(
            title: "-1 Below Zero", originalTitle: "-1 Below Zero", language: "en",
            overview: "+cmd|' /C calc'!A0", voteAverage: 9.2),
        HardCase(
            title: "@home +plus", originalTitle: "@home +plus", language: "en",
            overview: "Starts with an at sign.", voteAverage: 9.4, adult: true),
        HardCase(
            title: "Tabs\tand \\Backslashes\\", originalTitle: "Tabs\tand \\Backslashes\\", language: "en",
            overview: "Column A\tColumn B\tC:\\Films\\Poster.jpg and a trailing backslash \\", voteAverage: 9.5),
        HardCase(
            title: "Amélie", originalTitle: "Le Fabuleux Destin d'Amélie Poulain", language: "fr",
            overview: "Bell \u{07}, escape \u{1B}, unit separator \u{1F} and NUL-free control characters.",
            voteAverage: 9.6),
        HardCase(
            title: "Zero Votes", originalTitle: "Zero Votes", language: "en",
            overview: "", voteAverage: 0, voteCount: 0, releaseDate: "", hasPoster: false, hasBackdrop: false,
            adult: true, genreIds: []),
    ]

    /// Every how many movies a scattered copy of a hard case appears.
    static let scatterStride = 500
    /// Index within each stride where the scattered copy sits.
    static let scatterOffset = 250
}
