/// A realistic `/movie/{id}?append_to_response=credits,keywords,external_ids,release_dates` answer, compact as
/// TMDB sends it: 45 cast, 50 crew, 15 keywords, 20 release dates in 8 countries, ~32 KB. One name in seven is
/// not ASCII and a few strings carry escapes, as real answers do, so that every path of the reader is timed.
enum MovieBody {
    static func make(id: Int) -> [UInt8] {
        var json = "{\"adult\":false,\"backdrop_path\":\"/hZkgoQYus5vegHoetLkCJzb17zJ.jpg\","
        json += "\"belongs_to_collection\":{\"id\":\(id + 9),\"name\":\"The Collection\","
        json += "\"poster_path\":\"/poster\(id).jpg\",\"backdrop_path\":null},\"budget\":63000000,"
        json += "\"genres\":[{\"id\":18,\"name\":\"Drama\"},{\"id\":53,\"name\":\"Thriller\"},"
        json += "{\"id\":35,\"name\":\"Comedy\"}],\"homepage\":\"http://www.foxmovies.com/movies/fight-club\","
        json += "\"id\":\(id),\"imdb_id\":\"tt0137523\",\"origin_country\":[\"US\",\"DE\"],"
        json += "\"original_language\":\"en\",\"original_title\":\"Fight Club\","
        json += "\"overview\":\"A ticking-time-bomb insomniac and a slippery soap salesman channel primal male "
        json += "aggression into a shocking new form of therapy. Their concept catches on, with underground \\\"fight "
        json += "clubs\\\" forming in every town, until an eccentric gets in the way and ignites an out-of-control "
        json += "spiral toward oblivion.\",\"popularity\":61.416,\"poster_path\":\"/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg\","
        json += "\"production_companies\":["
        json += (0..<4).map { index in
            "{\"id\":\(700 + index),\"logo_path\":\"/tEiIH5QesdheJmDAqQwvtN6072\(index).png\","
                + "\"name\":\"Company Number \(index)\",\"origin_country\":\"US\"}"
        }.joined(separator: ",")
        json += "],\"production_countries\":[{\"iso_3166_1\":\"DE\",\"name\":\"Germany\"},"
        json += "{\"iso_3166_1\":\"US\",\"name\":\"United States of America\"}],\"release_date\":\"1999-10-15\","
        json += "\"revenue\":100853753,\"runtime\":139,\"spoken_languages\":[{\"english_name\":\"English\","
        json += "\"iso_639_1\":\"en\",\"name\":\"English\"},{\"english_name\":\"German\",\"iso_639_1\":\"de\","
        json += "\"name\":\"Deutsch\"}],\"status\":\"Released\",\"tagline\":\"Mischief. Mayhem. Soap.\","
        json += "\"title\":\"Fight Club\",\"video\":false,\"vote_average\":8.438,\"vote_count\":29843,"
        json += "\"credits\":{\"cast\":["
        json += (0..<45).map { index in
            "{\"adult\":false,\"gender\":\(index % 3),\"id\":\(1000 + index),"
                + "\"known_for_department\":\"Acting\",\"name\":\"\(name(index))\","
                + "\"original_name\":\"\(name(index))\",\"popularity\":\(Double(index) * 1.37 + 0.5),"
                + "\"profile_path\":\(index % 5 == 4 ? "null" : "\"/8nytsqL59SFJTVYVrN72k6qk\(index).jpg\""),"
                + "\"cast_id\":\(index + 4),\"character\":\"\(character(index))\","
                + "\"credit_id\":\"52fe4250c3a36847f80149\(100 + index)\",\"order\":\(index)}"
        }.joined(separator: ",")
        json += "],\"crew\":["
        let jobs = [
            ("Directing", "Director"), ("Writing", "Screenplay"), ("Sound", "Original Music Composer"),
            ("Camera", "Director of Photography"), ("Editing", "Editor"), ("Production", "Producer"),
            ("Art", "Production Design"), ("Costume & Make-Up", "Costume Design"),
        ]
        json += (0..<50).map { index in
            let (department, job) = jobs[index % jobs.count]
            return "{\"adult\":false,\"gender\":\(index % 3),\"id\":\(5000 + index),"
                + "\"known_for_department\":\"\(department)\",\"name\":\"\(name(index + 3))\","
                + "\"original_name\":\"\(name(index + 3))\",\"popularity\":\(Double(index) * 0.61 + 0.2),"
                + "\"profile_path\":\(index % 3 == 2 ? "null" : "\"/tpEczFclQZeKAiCeKZZ0adRvt\(index).jpg\""),"
                + "\"credit_id\":\"631f0289568463007bbe2\(1000 + index)\",\"department\":\"\(department)\","
                + "\"job\":\"\(job)\"}"
        }.joined(separator: ",")
        json += "]},\"keywords\":{\"keywords\":["
        json += (0..<15).map { index in "{\"id\":\(800 + index),\"name\":\"keyword number \(index)\"}" }
            .joined(separator: ",")
        json += "]},\"external_ids\":{\"imdb_id\":\"tt0137523\",\"wikidata_id\":\"Q190050\","
        json += "\"facebook_id\":\"FightClub\",\"instagram_id\":null,\"twitter_id\":null},"
        json += "\"release_dates\":{\"results\":["
        let countries = ["DE", "US", "FR", "GB", "JP", "BR", "ES", "IT"]
        json += countries.enumerated().map { country, code in
            let releases = (0..<(country < 4 ? 3 : 2)).map { release in
                "{\"certification\":\"\(release == 0 ? "R" : "")\",\"descriptors\":"
                    + "\(release == 0 ? "[\"violence\",\"language\"]" : "[]"),\"iso_639_1\":\"\","
                    + "\"note\":\"\(release == 1 ? "Venice Film Festival" : "")\","
                    + "\"release_date\":\"1999-1\(release)-1\(country)T00:00:00.000Z\",\"type\":\(release + 1)}"
            }
            return "{\"iso_3166_1\":\"\(code)\",\"release_dates\":[\(releases.joined(separator: ","))]}"
        }.joined(separator: ",")
        json += "]}}"
        return Array(json.utf8)
    }

    private static let names = [
        "Edward Norton", "Brad Pitt", "Helena Bonham Carter", "Meat Loaf", "Jared Leto", "Zach Grenier",
        "Zoë Bell", "Holt McCallany", "Eion Bailey", "Richmond Arquette", "David Andrews", "George Maguire",
        "Eugenie Bondurant", "Christina Cabot", "渡辺 謙", "Sydney 'Big Dawg' Colston", "Rachel Singer",
        "Christie Cronenweth", "Tim De Zarn", "Ezra Buzzington", "Björk Guðmundsdóttir",
    ]

    private static func name(_ index: Int) -> String { names[index % names.count] }

    private static func character(_ index: Int) -> String {
        index == 3 ? "Robert \\\"Bob\\\" Paulson" : "Character \(index)"
    }
}
