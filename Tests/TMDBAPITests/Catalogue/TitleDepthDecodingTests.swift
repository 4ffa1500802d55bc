import Foundation
import TMDBAPI
import Testing

@Suite("Alternative titles, translations, videos, images and pages of titles in catalogue records")
struct TitleDepthDecodingTests {
    static func movie(_ text: String) throws -> MovieRecord { try CatalogueDecoding.movie(Data(text.utf8)) }
    static func series(_ text: String) throws -> SeriesRecord { try CatalogueDecoding.series(Data(text.utf8)) }

    @Test("reads alternative titles under titles for a movie and under results for a series, an empty type as absent")
    func alternativeTitlesNest() throws {
        let movie = try Self.movie(
            #"{"id":550,"alternative_titles":{"id":550,"titles":[{"iso_3166_1":"IL","title":"Mo'adon Krav","type":"romanization"},{"iso_3166_1":"RS","title":"Borilački klub","type":""}]}}"#
        )
        #expect(
            movie.alternativeTitles == [
                .init(country: "IL", title: "Mo'adon Krav", type: "romanization"),
                .init(country: "RS", title: "Borilački klub"),
            ])
        let series = try Self.series(
            #"{"id":1399,"alternative_titles":{"id":1399,"results":[{"iso_3166_1":"FR","title":"Le Trône de fer","type":""}]}}"#
        )
        #expect(series.alternativeTitles == [.init(country: "FR", title: "Le Trône de fer")])
    }

    @Test("reads a movie translation's data with title and runtime, a series' with name as title; \"\" and 0 as absent")
    func translationsData() throws {
        let movie = try Self.movie(
            #"{"id":550,"translations":{"id":550,"translations":[{"iso_3166_1":"UA","iso_639_1":"uk","name":"Український","english_name":"Ukrainian","data":{"homepage":"","overview":"Джек","runtime":0,"tagline":"","title":"Бійцівський клуб"}}]}}"#
        )
        let translation = try #require(movie.translations.first)
        #expect(translation.language == "uk" && translation.country == "UA")
        #expect(translation.languageName == "Український" && translation.englishName == "Ukrainian")
        #expect(translation.title == "Бійцівський клуб" && translation.overview == "Джек")
        #expect(translation.homepage == nil && translation.tagline == nil && translation.runtime == nil)
        let series = try Self.series(
            #"{"id":1399,"translations":{"id":1399,"translations":[{"iso_3166_1":"DE","iso_639_1":"de","name":"Deutsch","english_name":"German","data":{"name":"Game of Thrones – Das Lied von Eis und Feuer","overview":"","homepage":"","tagline":""}}]}}"#
        )
        #expect(series.translations.first?.title == "Game of Thrones – Das Lied von Eis und Feuer")
        #expect(series.translations.first?.overview == nil)
        #expect(series.translations.first?.runtime == nil)
    }

    @Test("reads a video's official flag, size and UTC publication time")
    func videos() throws {
        let movie = try Self.movie(
            #"{"id":550,"videos":{"id":550,"results":[{"iso_639_1":"en","iso_3166_1":"US","name":"Theatrical Trailer (HD Fan Remaster)","key":"6JnN1DmbqoU","site":"YouTube","size":1080,"type":"Trailer","official":false,"published_at":"2015-02-26T03:19:25.000Z","id":"653b36ba5907de00c4953699"}]}}"#
        )
        let video = try #require(movie.videos.first)
        #expect(video.id == "653b36ba5907de00c4953699" && video.key == "6JnN1DmbqoU" && video.site == "YouTube")
        #expect(video.official == false && video.size == 1080 && video.type == "Trailer")
        #expect(video.publishedAt == "2015-02-26T03:19:25.000Z")
        #expect(video.language == "en" && video.country == "US")
    }

    @Test("reads images of every list in the answer's order, a null iso_639_1 as no language, unknown lists skipped")
    func images() throws {
        let series = try Self.series(
            #"{"id":1399,"images":{"posters":[{"aspect_ratio":0.667,"height":3000,"iso_639_1":"en","file_path":"/p.jpg","vote_average":5.3,"vote_count":4,"width":2000}],"id":1399,"stills":[{"file_path":"/s.jpg"}],"backdrops":[{"aspect_ratio":1.778,"height":1080,"iso_639_1":null,"file_path":"/b.jpg","vote_average":0,"vote_count":0,"width":1920}],"logos":[]}}"#
        )
        #expect(series.images.map(\.kind) == [.poster, .backdrop])
        #expect(series.images.map(\.filePath) == ["/p.jpg", "/b.jpg"])
        #expect(series.images[0].language == "en" && series.images[1].language == nil)
        #expect(series.images[1].aspectRatio == 1.778 && series.images[1].width == 1920)
        #expect(series.images[1].voteAverage == 0 && series.images[1].voteCount == 0)
    }

    @Test("reads the ids of a recommendations or similar page in order, keeping an entry without an id in its place")
    func pages() throws {
        let movie = try Self.movie(
            #"{"id":550,"recommendations":{"page":1,"results":[{"id":680,"title":"Pulp Fiction"},{"title":"?","id":null},{"id":807}],"total_pages":2,"total_results":40},"similar":{"page":1,"results":[],"total_pages":0,"total_results":0}}"#
        )
        #expect(movie.recommendations == [680, nil, 807])
        #expect(movie.similar.isEmpty)
    }

    @Test("reads a sub-resource sent as null as empty, and leaves those not appended empty")
    func nullResources() throws {
        let movie = try Self.movie(#"{"id":550,"images":null,"videos":{"results":null}}"#)
        #expect(movie.images.isEmpty && movie.videos.isEmpty && movie.translations.isEmpty)
        #expect(movie.alternativeTitles.isEmpty && movie.recommendations.isEmpty)
    }

    @Test(
        "fails with the key path when a field has the wrong type",
        arguments: [
            (#"{"id":1,"videos":{"results":[{"official":"yes"}]}}"#, "videos.results[0].official"),
            (#"{"id":1,"images":{"logos":[{},{"width":"wide"}]}}"#, "images.logos[1].width"),
            (
                #"{"id":1,"translations":{"translations":[{"data":{"runtime":1.5}}]}}"#,
                "translations.translations[0].data.runtime"
            ),
            (#"{"id":1,"similar":{"results":[{"id":"13"}]}}"#, "similar.results[0].id"),
            (#"{"id":1,"alternative_titles":{"titles":{}}}"#, "alternative_titles.titles"),
        ])
    func wrongTypes(text: String, path: String) {
        #expect(CatalogueDecoding.movieError(text)?.path == path)
    }
}
