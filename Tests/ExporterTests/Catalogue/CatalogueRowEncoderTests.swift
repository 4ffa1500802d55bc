import Foundation
import RunStore
import TMDBAPI
import TestSupport
import Testing

@testable import Exporter

@Suite("Catalogue rows")
struct CatalogueRowEncoderTests {
    typealias Fixtures = CatalogueRowFixtures

    @Test("writes a movie's row byte for byte: runtime 0 as null, export popularity, the answer's time at the end")
    func movieRowBytes() throws {
        let (encoder, rows) = try Fixtures.rows(Fixtures.movie, type: .movie)
        let (csv, ndjson) = try Fixtures.text(rows, encoder, "movies")
        #expect(rows.id == 42)
        #expect(
            csv
                == "42,tt42,Q,Q,en,2001-02-03,,1000,0,Released,21.5,8.0,3,false,10,\"Line one\nline \"\"two\"\", end\",T,,,/b.jpg,false,US|FR,"
                + "2026-11-26T02:00:00Z,2026-11-26T02:00:00Z\n"
        )
        #expect(
            ndjson
                == #"{"id":42,"imdb_id":"tt42","title":"Q","original_title":"Q","original_language":"en","release_date":"2001-02-03","runtime":null,"budget":1000,"revenue":0,"status":"Released","popularity":21.5,"vote_average":8.0,"vote_count":3,"adult":false,"collection_id":10,"overview":"Line one\nline \"two\", end","tagline":"T","homepage":null,"poster_path":null,"backdrop_path":"/b.jpg","video":false,"origin_country":["US","FR"],"fetched_at":"2026-11-26T02:00:00Z","votes_at":"2026-11-26T02:00:00Z"}"#
                + "\n")
    }

    @Test("writes the movie's child tables in TMDB's order, quoting commas and quotes")
    func movieChildBytes() throws {
        let (encoder, rows) = try Fixtures.rows(Fixtures.movie, type: .movie)
        #expect(try Fixtures.text(rows, encoder, "movie_genres").csv == "42,18,Drama\n")
        #expect(
            try Fixtures.text(rows, encoder, "movie_cast").csv
                == "42,5,c5,\"A, B\",Her,0,1,Acting,1,\"A, B\",0.5,,false\n")
        #expect(
            try Fixtures.text(rows, encoder, "movie_crew").csv
                == "42,6,c6,D,Directing,Director,2,Directing,D,2.0,/d.jpg,false\n")
        #expect(try Fixtures.text(rows, encoder, "movie_keywords").csv == "42,1,k1\n42,2,k2\n")
        #expect(try Fixtures.text(rows, encoder, "movie_companies").csv == "42,7,Co,US,\n")
        #expect(try Fixtures.text(rows, encoder, "movie_countries").csv == "42,US,United States of America\n")
        #expect(try Fixtures.text(rows, encoder, "movie_languages").csv == "42,fr,French,Français\n")
        #expect(
            try Fixtures.text(rows, encoder, "movie_release_dates").csv
                == "42,US,3,2001-02-03T00:00:00.000Z,R,,,a|b\n")
        #expect(try Fixtures.text(rows, encoder, "movie_external_ids").csv == "42,tt42,Q1,,,tw\n")
        let collection = try Fixtures.text(rows, encoder, "collections")
        #expect(collection.csv == "10,\"Saga, \"\"One\"\"\",/c.jpg,\n")
        #expect(
            collection.ndjson
                == #"{"collection_id":10,"name":"Saga, \"One\"","poster_path":"/c.jpg","backdrop_path":null}"# + "\n")
        #expect(rows.tables.map(\.count) == [1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 3])
    }

    @Test(
        "writes a movie's alternative titles, translations, videos, images and pages of titles in TMDB's order, \"\" and runtime 0 as null"
    )
    func movieDepthBytes() throws {
        let (encoder, rows) = try Fixtures.rows(Fixtures.movie, type: .movie)
        #expect(
            try Fixtures.text(rows, encoder, "movie_alternative_titles").csv
                == "42,MX,\"El Club, \"\"Uno\"\"\",Hispanoamérica\n42,RS,Klub,\n")
        let translations = try Fixtures.text(rows, encoder, "movie_translations")
        #expect(translations.csv == "42,de,DE,Deutsch,German,,Ü,T,,\n")
        #expect(
            translations.ndjson
                == #"{"movie_id":42,"language":"de","country":"DE","language_name":"Deutsch","english_name":"German","title":null,"overview":"Ü","tagline":"T","homepage":null,"runtime":null}"#
                + "\n")
        let videos = try Fixtures.text(rows, encoder, "movie_videos")
        #expect(videos.csv == "42,v1,en,US,Trailer,YouTube,k1,Trailer,true,1080,2019-10-15T18:59:47.000Z\n")
        #expect(videos.ndjson.contains(#""official":true,"size":1080,"published_at":"2019-10-15T18:59:47.000Z"}"#))
        #expect(
            try Fixtures.text(rows, encoder, "movie_images").csv
                == "42,backdrop,/bd.jpg,,1422,800,1.778,5.5,22\n42,poster,/po.jpg,en,2000,3000,0.667,0.0,0\n")
        #expect(try Fixtures.text(rows, encoder, "movie_recommendations").csv == "42,1,680\n42,2,807\n")
        #expect(try Fixtures.text(rows, encoder, "movie_similar").csv == "42,1,13\n")
    }

    @Test(
        "writes a title's watch providers by country, kind and provider in TMDB's order, the country's link on each row"
    )
    func watchProviderBytes() throws {
        let (movieEncoder, movie) = try Fixtures.rows(Fixtures.movie, type: .movie)
        let link = "https://www.themoviedb.org/movie/42/watch?locale=US"
        let offers = try Fixtures.text(movie, movieEncoder, "movie_watch_providers")
        // CA has only its link; svod_new is not one of TMDB's five kinds.
        #expect(
            offers.csv
                == "42,US,rent,2,Apple TV,4,\(link)\n42,US,flatrate,8,Netflix,0,\(link)\n"
                + "42,US,flatrate,337,Disney Plus,1,\(link)\n")
        #expect(
            offers.ndjson.hasPrefix(
                #"{"movie_id":42,"country":"US","kind":"rent","provider_id":2,"provider_name":"Apple TV","display_priority":4,"link":"https://www.themoviedb.org/movie/42/watch?locale=US"}"#
            ))
        let (seriesEncoder, series) = try Fixtures.rows(Fixtures.series, type: .tv)
        // DE's link comes after its kinds; JP's free list is empty.
        #expect(
            try Fixtures.text(series, seriesEncoder, "tv_watch_providers").csv
                == "77,DE,flatrate,8,Netflix,3,https://www.themoviedb.org/tv/77/watch?locale=DE\n"
                + "77,JP,ads,73,Tubi TV,2,https://www.themoviedb.org/tv/77/watch?locale=JP\n")
    }

    @Test("writes a series' translations with TMDB's name as title and no runtime, and its images of every kind")
    func seriesDepthBytes() throws {
        let (encoder, rows) = try Fixtures.rows(Fixtures.series, type: .tv)
        #expect(try Fixtures.text(rows, encoder, "tv_alternative_titles").csv == "77,US,S: The Series,\n")
        #expect(
            try Fixtures.text(rows, encoder, "tv_translations").csv
                == "77,fr,FR,Français,French,\"S, la série\",,,https://s.example/fr\n")
        #expect(
            try Fixtures.text(rows, encoder, "tv_videos").csv
                == "77,5c9,ja,JP,PV,YouTube,abc,Teaser,false,720,2020-01-01T00:00:00.000Z\n")
        #expect(try Fixtures.text(rows, encoder, "tv_images").csv == "77,logo,/l.png,ja,1804,389,4.638,5.388,4\n")
        #expect(try Fixtures.text(rows, encoder, "tv_recommendations").csv == "77,1,1399\n")
        #expect(try Fixtures.text(rows, encoder, "tv_similar").csv == "77,1,1396\n77,2,66732\n")
    }

    @Test("writes one tv_cast row per role and one tv_crew row per job")
    func seriesRoles() throws {
        let (encoder, rows) = try Fixtures.rows(Fixtures.series, type: .tv)
        #expect(
            try Fixtures.text(rows, encoder, "tv_cast").csv
                == "77,8,r1,V,X,2,2,0,2,,,,,\n77,8,r2,V,Y,1,2,0,2,,,,,\n")
        #expect(try Fixtures.text(rows, encoder, "tv_crew").csv == "77,9,j1,W,Writing,Writer,2,2,,,,,,\n")
        #expect(
            try Fixtures.text(rows, encoder, "tv_series").csv
                == "77,S,S,ja,2020-01-01,,Ended,Scripted,false,1,2,24|25,21.5,7.5,9,false,o,,,/p.jpg,,JP,ja,"
                + "2026-11-26T02:00:00Z,2026-11-26T02:00:00Z\n")
        #expect(try Fixtures.text(rows, encoder, "tv_creators").csv == "77,1,cr1,C,シー,0,\n")
        #expect(try Fixtures.text(rows, encoder, "tv_networks").csv == "77,3,N,JP,/n.png\n")
        #expect(try Fixtures.text(rows, encoder, "tv_companies").csv == "")
        #expect(try Fixtures.text(rows, encoder, "tv_seasons").csv == "77,500,1,Season 1,2020-01-01,2,0.0,,\n")
        #expect(try Fixtures.text(rows, encoder, "tv_external_ids").csv == "77,tt77,123,Q77,,,,,,\n")
        #expect(try Fixtures.text(rows, encoder, "tv_content_ratings").csv == "77,JP,G,\n")
        #expect(
            try Fixtures.text(rows, encoder, "tv_keywords").ndjson == #"{"series_id":77,"keyword_id":4,"name":"anime"}"#
                + "\n")
    }

    @Test(
        "gives every table's NDJSON lines exactly the table's columns, in order, and CSV records as many fields",
        arguments: CatalogueType.allCases)
    func columnsAgree(type: CatalogueType) throws {
        var (encoder, rows) = try Fixtures.rows(Fixtures.details(type), type: type)
        if encoder.fetchesEpisodes {
            rows.append(try EpisodeRowsTests.episodeRows(encoder), repairs: Manifest.ValueRepairs())
        }
        for (table, part) in zip(encoder.tables, rows.tables) {
            let names = table.columns.map(\.name)
            #expect(table.csvHeader == Array((names.joined(separator: ",") + "\n").utf8))
            #expect(Set(names).count == names.count, "\(table.name) repeats a column")
            let lines = try Fixtures.lines(part.ndjson)
            #expect(lines.count == part.count, "\(table.name)")
            #expect(part.count > 0 || ["tv_companies"].contains(table.name), "\(table.name) has no rows to check")
            for line in lines { #expect(line.keys == names, "\(table.name)") }
            let records = try CSVReader.records(String(decoding: part.csv, as: UTF8.self))
            #expect(records.count == part.count, "\(table.name)")
            for record in records { #expect(record.count == names.count, "\(table.name)") }
        }
    }

    @Test("leaves out the tables of sub-resources that are not appended, and keeps the others in order")
    func tablesFollowAppends() {
        let bare = CatalogueTable.tables(for: .movie, appending: [])
        #expect(
            bare.map(\.name) == [
                "movies", "movie_genres", "movie_companies", "movie_countries", "movie_languages", "collections",
            ])
        let keywordsOnly = CatalogueTable.tables(for: .tv, appending: [.keywords])
        #expect(
            keywordsOnly.map(\.name) == [
                "tv_series", "tv_genres", "tv_creators", "tv_keywords", "tv_networks", "tv_companies", "tv_countries",
                "tv_languages", "tv_seasons",
            ])
        let all = CatalogueTable.tables(for: .movie, appending: Set(AppendedResource.supported(by: .movie)))
        #expect(
            all.map(\.name) == [
                "movies", "movie_genres", "movie_cast", "movie_crew", "movie_keywords", "movie_companies",
                "movie_countries", "movie_languages", "movie_release_dates", "movie_external_ids",
                "movie_alternative_titles", "movie_translations", "movie_videos", "movie_images",
                "movie_recommendations", "movie_similar", "collections", "movie_watch_providers",
            ])
        let videosOnly = CatalogueTable.tables(for: .tv, appending: [.videos, .similar])
        #expect(videosOnly.map(\.name).suffix(2) == ["tv_videos", "tv_similar"])
        #expect(CatalogueTable.tables(for: .tv, appending: Set(AppendedResource.supported(by: .tv))).count == 23)
    }

    @Test("starts each contract table with the columns issue 14 promises")
    func contractColumns() {
        let tables = Dictionary(
            uniqueKeysWithValues: CatalogueType.allCases.flatMap {
                CatalogueTable.tables(for: $0, appending: Set(AppendedResource.supported(by: $0)))
            }.map { ($0.name, $0.columns.map(\.name)) })
        let promised: [String: String] = [
            "movies":
                "id,imdb_id,title,original_title,original_language,release_date,runtime,budget,revenue,status,popularity,vote_average,vote_count,adult,collection_id,overview",
            "movie_genres": "movie_id,genre_id,name",
            "movie_cast": "movie_id,person_id,credit_id,name,character,order,gender,known_for_department",
            "movie_crew": "movie_id,person_id,credit_id,name,department,job",
            "movie_keywords": "movie_id,keyword_id,name",
            "movie_external_ids": "movie_id,imdb_id,wikidata_id,facebook_id,instagram_id,twitter_id",
            "movie_release_dates": "movie_id,country,type,release_date,certification,note",
            "tv_cast":
                "series_id,person_id,credit_id,name,character,episode_count,total_episode_count,order,gender,known_for_department",
            "tv_external_ids":
                "series_id,imdb_id,tvdb_id,wikidata_id,facebook_id,instagram_id,twitter_id,freebase_mid,freebase_id,tvrage_id",
            "tv_content_ratings": "series_id,country,rating",
            // Issue 28.
            "movie_alternative_titles": "movie_id,country,title,type",
            "tv_alternative_titles": "series_id,country,title,type",
            "movie_translations":
                "movie_id,language,country,language_name,english_name,title,overview,tagline,homepage,runtime",
            "tv_translations": "series_id,language,country,language_name,english_name,title,overview,tagline,homepage",
            "movie_videos": "movie_id,video_id,language,country,name,site,key,type,official,size,published_at",
            "tv_videos": "series_id,video_id,language,country,name,site,key,type,official,size,published_at",
            "movie_images": "movie_id,kind,file_path,language,width,height,aspect_ratio,vote_average,vote_count",
            "tv_images": "series_id,kind,file_path,language,width,height,aspect_ratio,vote_average,vote_count",
            "movie_recommendations": "movie_id,rank,recommended_id",
            "tv_recommendations": "series_id,rank,recommended_id",
            "movie_similar": "movie_id,rank,similar_id",
            "tv_similar": "series_id,rank,similar_id",
            "movie_watch_providers": "movie_id,country,kind,provider_id,provider_name,display_priority,link",
            "tv_watch_providers": "series_id,country,kind,provider_id,provider_name,display_priority,link",
        ]
        for (name, prefix) in promised {
            let columns = tables[name]?.joined(separator: ",") ?? "missing"
            #expect(columns.hasPrefix(prefix), "\(name): \(columns)")
        }
        #expect(tables.values.allSatisfy { $0.allSatisfy { !$0.isEmpty } })
    }

    @Test("writes only the formats asked for, and the details as one compact line")
    func formatsAndDetails() throws {
        let (_, csvOnly) = try Fixtures.rows(Fixtures.movie, type: .movie, csv: true, ndjson: false)
        #expect(csvOnly.tables.allSatisfy { $0.ndjson.isEmpty && !$0.csv.isEmpty })
        let (_, jsonOnly) = try Fixtures.rows(Fixtures.movie, type: .movie, csv: false, ndjson: true)
        #expect(jsonOnly.tables.allSatisfy { $0.csv.isEmpty && !$0.ndjson.isEmpty })
        let details = String(decoding: jsonOnly.details, as: UTF8.self)
        #expect(details.hasPrefix(#"{"adult":false,"backdrop_path":"/b.jpg","belongs_to_collection":{"id":10,"#))
        #expect(details.hasSuffix("}}\n"))
        #expect(details.filter { $0 == "\n" }.count == 1)
        #expect(details.contains(#""overview":"Line one\nline \"two\", end""#))
    }

    @Test("fails with the id and key path when a movie's field has the wrong type")
    func failure() throws {
        let text = Fixtures.movie.replacingOccurrences(of: #""order":0"#, with: #""order":"first""#)
        let error = #expect(throws: CatalogueRecordError.self) { try Fixtures.rows(text, type: .movie) }
        #expect(error?.id == 42)
        #expect(error?.path == "credits.cast[0].order")
    }
}
