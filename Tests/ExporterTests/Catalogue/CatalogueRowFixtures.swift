import Foundation
import JSON
import TMDBAPI
import Testing

@testable import Exporter

/// Details answers for the row tests, and helpers that read rows back.
enum CatalogueRowFixtures {
    /// A small movie with every sub-resource, one or two entries each (TMDB's quirks: a translation's `""` fields and
    /// runtime 0, an image's `iso_639_1` null, an empty `logos`, a provider country with only its link, kinds out of
    /// the usual order and one TMDB may add).
    static let movie = #"""
        {"adult":false,"backdrop_path":"/b.jpg","belongs_to_collection":{"id":10,"name":"Saga, \"One\"","poster_path":"/c.jpg","backdrop_path":null},
         "budget":1000,"genres":[{"id":18,"name":"Drama"}],"homepage":"","id":42,"imdb_id":"tt42","origin_country":["US","FR"],
         "original_language":"en","original_title":"Q","overview":"Line one\nline \"two\", end","popularity":1.5,"poster_path":null,
         "production_companies":[{"id":7,"logo_path":null,"name":"Co","origin_country":"US"}],
         "production_countries":[{"iso_3166_1":"US","name":"United States of America"}],"release_date":"2001-02-03","revenue":0,
         "runtime":0,"spoken_languages":[{"english_name":"French","iso_639_1":"fr","name":"Français"}],"status":"Released",
         "tagline":"T","title":"Q","video":false,"vote_average":8.0,"vote_count":3,"softcore":false,
         "credits":{"cast":[{"adult":false,"gender":1,"id":5,"known_for_department":"Acting","name":"A, B","original_name":"A, B",
           "popularity":0.5,"profile_path":null,"cast_id":1,"character":"Her","credit_id":"c5","order":0}],
          "crew":[{"adult":false,"gender":2,"id":6,"known_for_department":"Directing","name":"D","original_name":"D",
           "popularity":2,"profile_path":"/d.jpg","credit_id":"c6","department":"Directing","job":"Director"}]},
         "keywords":{"keywords":[{"id":1,"name":"k1"},{"id":2,"name":"k2"}]},
         "external_ids":{"imdb_id":"tt42","wikidata_id":"Q1","facebook_id":null,"instagram_id":"","twitter_id":"tw"},
         "release_dates":{"results":[{"iso_3166_1":"US","release_dates":[{"certification":"R","descriptors":["a","b"],"iso_639_1":"","note":"","release_date":"2001-02-03T00:00:00.000Z","type":3}]}]},
         "alternative_titles":{"id":42,"titles":[{"iso_3166_1":"MX","title":"El Club, \"Uno\"","type":"Hispanoamérica"},{"iso_3166_1":"RS","title":"Klub","type":""}]},
         "translations":{"id":42,"translations":[{"iso_3166_1":"DE","iso_639_1":"de","name":"Deutsch","english_name":"German",
           "data":{"homepage":"","overview":"Ü","runtime":0,"tagline":"T","title":""}}]},
         "videos":{"id":42,"results":[{"iso_639_1":"en","iso_3166_1":"US","name":"Trailer","key":"k1","site":"YouTube","size":1080,
           "type":"Trailer","official":true,"published_at":"2019-10-15T18:59:47.000Z","id":"v1"}]},
         "images":{"backdrops":[{"aspect_ratio":1.778,"height":800,"iso_639_1":null,"file_path":"/bd.jpg","vote_average":5.5,"vote_count":22,"width":1422}],
           "id":42,"logos":[],"posters":[{"aspect_ratio":0.667,"height":3000,"iso_639_1":"en","file_path":"/po.jpg","vote_average":0,"vote_count":0,"width":2000}]},
         "recommendations":{"page":1,"results":[{"id":680,"title":"Pulp Fiction","media_type":"movie"},{"id":807,"title":"Se7en","media_type":"movie"}],
           "total_pages":2,"total_results":40},
         "similar":{"page":1,"results":[{"id":13,"title":"Forrest Gump"}],"total_pages":1,"total_results":1},
         "watch/providers":{"id":42,"results":{"CA":{"link":"https://www.themoviedb.org/movie/42/watch?locale=CA"},
           "US":{"link":"https://www.themoviedb.org/movie/42/watch?locale=US","rent":[{"logo_path":"/a.jpg","provider_id":2,"provider_name":"Apple TV","display_priority":4}],
           "flatrate":[{"logo_path":"/n.jpg","provider_id":8,"provider_name":"Netflix","display_priority":0},{"logo_path":"/d.jpg","provider_id":337,"provider_name":"Disney Plus","display_priority":1}],
           "svod_new":[{"provider_id":1,"provider_name":"Unknown kind"}]}}}}
        """#

    /// A small series with every sub-resource.
    static let series = #"""
        {"adult":false,"id":77,"name":"S","original_name":"S","original_language":"ja","first_air_date":"2020-01-01",
         "last_air_date":"","status":"Ended","type":"Scripted","in_production":false,"number_of_seasons":1,"number_of_episodes":2,
         "episode_run_time":[24,25],"popularity":3.25,"vote_average":7.5,"vote_count":9,"overview":"o","tagline":"","homepage":null,
         "poster_path":"/p.jpg","backdrop_path":null,"origin_country":["JP"],"languages":["ja"],"genres":[{"id":16,"name":"Animation"}],
         "created_by":[{"id":1,"credit_id":"cr1","name":"C","original_name":"シー","gender":0,"profile_path":null}],
         "networks":[{"id":3,"logo_path":"/n.png","name":"N","origin_country":"JP"}],"production_companies":[],
         "production_countries":[{"iso_3166_1":"JP","name":"Japan"}],"spoken_languages":[{"english_name":"Japanese","iso_639_1":"ja","name":"日本語"}],
         "seasons":[{"air_date":"2020-01-01","episode_count":2,"id":500,"name":"Season 1","overview":"","poster_path":null,"season_number":1,"vote_average":0}],
         "aggregate_credits":{"cast":[{"id":8,"name":"V","gender":2,"roles":[{"credit_id":"r1","character":"X","episode_count":2},{"credit_id":"r2","character":"Y","episode_count":1}],"total_episode_count":2,"order":0}],
          "crew":[{"id":9,"name":"W","department":"Writing","jobs":[{"credit_id":"j1","job":"Writer","episode_count":2}],"total_episode_count":2}]},
         "keywords":{"results":[{"id":4,"name":"anime"}]},
         "external_ids":{"imdb_id":"tt77","freebase_mid":null,"freebase_id":null,"tvdb_id":123,"tvrage_id":null,"wikidata_id":"Q77","facebook_id":null,"instagram_id":null,"twitter_id":null},
         "content_ratings":{"results":[{"descriptors":[],"iso_3166_1":"JP","rating":"G"}]},
         "alternative_titles":{"id":77,"results":[{"iso_3166_1":"US","title":"S: The Series","type":""}]},
         "translations":{"id":77,"translations":[{"iso_3166_1":"FR","iso_639_1":"fr","name":"Français","english_name":"French",
           "data":{"name":"S, la série","overview":"","homepage":"https://s.example/fr","tagline":""}}]},
         "videos":{"id":77,"results":[{"iso_639_1":"ja","iso_3166_1":"JP","name":"PV","key":"abc","site":"YouTube","size":720,
           "type":"Teaser","official":false,"published_at":"2020-01-01T00:00:00.000Z","id":"5c9"}]},
         "images":{"backdrops":[],"id":77,"logos":[{"aspect_ratio":4.638,"height":389,"iso_639_1":"ja","file_path":"/l.png","vote_average":5.388,"vote_count":4,"width":1804}],"posters":[]},
         "recommendations":{"page":1,"results":[{"id":1399,"name":"Game of Thrones","media_type":"tv"}],"total_pages":1,"total_results":1},
         "similar":{"page":1,"results":[{"id":1396},{"id":66732}],"total_pages":1,"total_results":2},
         "watch/providers":{"results":{"DE":{"flatrate":[{"logo_path":"/n.jpg","provider_id":8,"provider_name":"Netflix","display_priority":3}],
           "link":"https://www.themoviedb.org/tv/77/watch?locale=DE"},
           "JP":{"link":"https://www.themoviedb.org/tv/77/watch?locale=JP","ads":[{"provider_id":73,"provider_name":"Tubi TV","display_priority":2}],"free":[]}}}}
        """#

    /// A small person with both sub-resources, one credit of each kind (TMDB's quirks: `gender` 0, `birthday` "",
    /// `imdb_id` and `known_for_department` null, aliases in three scripts, a biography with a newline and quotes).
    static let person = #"""
        {"adult":false,"also_known_as":["Mai Nakahara","中原麻衣","Май Накахара"],"biography":"First line.\nShe said \"hi\", then left.",
         "birthday":"","deathday":"2024-01-02","gender":0,"homepage":"https://p.example","id":9001,"imdb_id":null,"known_for_department":null,
         "name":"Q. Person","place_of_birth":"Kyōto, Japan","popularity":0.6,"profile_path":"/q.jpg","softcore":false,
         "combined_credits":{"cast":[
          {"adult":false,"id":550,"media_type":"movie","title":"Fight Club","character":"Extra","credit_id":"m1","order":12},
          {"adult":false,"id":1399,"media_type":"tv","name":"Game of Thrones","character":"Lady","credit_id":"t1","episode_count":3}],
          "crew":[
          {"adult":false,"id":1399,"media_type":"tv","name":"Game of Thrones","department":"Writing","job":"Writer","credit_id":"t2","episode_count":1},
          {"adult":false,"id":550,"media_type":"movie","title":"Fight Club","department":"Crew","job":"Stunts","credit_id":"m2"}],"id":9001},
         "external_ids":{"id":9001,"imdb_id":"nm9001","wikidata_id":"Q9001","facebook_id":"fb","instagram_id":"qp","tiktok_id":"tt",
          "twitter_id":"tw","youtube_id":"qpchannel"}}
        """#

    /// The fixture of `type`.
    static func details(_ type: CatalogueType) -> String {
        switch type {
        case .movie: movie
        case .tv: series
        case .person: person
        }
    }

    /// The export popularity and answer time the fixtures' main rows carry.
    static let freshness = RowFreshness(popularity: 21.5, fetchedAt: "2026-11-26T02:00:00Z")

    static func rows(
        _ text: String, type: CatalogueType, appending: Set<AppendedResource>? = nil, csv: Bool = true,
        ndjson: Bool = true, freshness: RowFreshness = CatalogueRowFixtures.freshness
    ) throws -> (CatalogueRowEncoder, CatalogueRows) {
        let encoder = CatalogueRowEncoder(
            type: type, appending: appending ?? Set(AppendedResource.supported(by: type)), csv: csv, ndjson: ndjson)
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(CatalogueRecordError) -> CatalogueRows in
                try encoder.rows(fromDetails: raw, freshness: freshness)
            }
        }
        return (encoder, try result.get())
    }

    /// The rows of `table` as text.
    static func text(_ rows: CatalogueRows, _ encoder: CatalogueRowEncoder, _ table: String) throws -> (
        csv: String, ndjson: String
    ) {
        let index = try #require(encoder.tables.firstIndex { $0.name == table }, "no table \(table)")
        let part = rows.tables[index]
        return (String(decoding: part.csv, as: UTF8.self), String(decoding: part.ndjson, as: UTF8.self))
    }

    /// Each NDJSON line of `bytes` as its keys in order and its parsed object.
    static func lines(_ bytes: [UInt8]) throws -> [(keys: [String], object: [String: Any])] {
        let text = String(decoding: bytes, as: UTF8.self)
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (try keyOrder(String(line)), object)
        }
    }

    /// The top-level keys of a JSON object line, in the order written.
    private static func keyOrder(_ line: String) throws -> [String] {
        try Array(line.utf8).withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            var keys: [String] = []
            var object = try scanner.openObject()
            while let key = try scanner.nextKey(in: &object) {
                keys.append(key)
                try scanner.skipValue()
            }
            return keys
        }
    }
}
