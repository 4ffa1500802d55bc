import Testing

@testable import TMDBSandbox

@Suite("Search text")
struct SearchTextTests {
    @Test(
        "finds a needle whatever its case and accents",
        arguments: [
            ("Amélie", "AMELIE"), ("Le Fabuleux Destin", "fabuleux"), ("Сталкер", "СТАЛ"), ("Élite", "éli"),
            ("千と千尋の神隠し", "千尋"), ("Straße", "STRASSE"), ("Line\nBreak", "e\nb"), ("Anything", ""),
        ])
    func finds(text: String, needle: String) {
        #expect(SearchText(text).contains(SearchText(needle)))
    }

    @Test(
        "finds nothing that is not there",
        arguments: [("Amélie", "amelies"), ("Harbor", "harbour"), ("", "a"), ("abc", "abcd"), ("ab", "ba")])
    func missesAbsent(text: String, needle: String) {
        #expect(!SearchText(text).contains(SearchText(needle)))
    }

    @Test("folds ASCII without Foundation to the same bytes as Foundation would")
    func asciiFastPath() {
        #expect(SearchText("The Quoted MOVIE 2").bytes == Array("the quoted movie 2".utf8))
    }
}
