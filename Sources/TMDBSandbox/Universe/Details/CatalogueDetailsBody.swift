/// Details bodies with the sub-resources of `append_to_response`, each under its own key after the details' fields,
/// in the order requested.
enum CatalogueDetailsBody {
    /// Movie details, `softcore` (as TMDB's catalogue answers carry it), then each appendix, the credits and keywords
    /// edited by `revision` (the details already are), the depth sub-resources drawn with `request`.
    static func movie(
        _ details: SandboxMovieDetails, appending appendices: [MovieAppendix], revision: Revision? = nil,
        request: DepthRequest = DepthRequest()
    ) -> [UInt8] {
        let base = MovieDetailsBody.render(details)
        guard !appendices.isEmpty else { return base }
        let id = details.movie.id
        var depth = TitleDepth(type: .movie, id: id, version: revision?.version ?? 0, request: request)
        depth.title = details.movie.title
        depth.overview = details.movie.overview
        depth.tagline = details.tagline
        depth.homepage = details.homepage
        depth.runtime = details.runtime
        depth.date = details.movie.releaseDate
        depth.originalLanguage = details.movie.originalLanguage
        var json = JSONBuffer(capacity: base.count + 32_768)
        json.raw(Array(base.dropLast()))
        // A field TMDB added that no documentation lists: readers must take keys they do not know in their stride.
        json.raw(",\"softcore\":\(details.movie.adult && id % 2 == 0)")
        for appendix in appendices {
            json.raw(",\"\(appendix.rawValue)\":")
            switch appendix {
            case .credits:
                MovieCreditsBody.append(
                    to: &json, movieId: id, castDelta: revision?.castDelta ?? 0, crewDelta: revision?.crewDelta ?? 0)
            case .keywords:
                MovieSubresourceBody.appendKeywords(to: &json, movieId: id, delta: revision?.keywordDelta ?? 0)
            case .externalIds: MovieSubresourceBody.appendExternalIds(to: &json, movieId: id, imdbId: details.imdbId)
            case .releaseDates:
                MovieSubresourceBody.appendReleaseDates(to: &json, movieId: id, releaseDate: details.movie.releaseDate)
            case .alternativeTitles: AlternativeTitlesBody.append(to: &json, depth)
            case .translations: TranslationsBody.append(to: &json, depth)
            case .videos: VideosBody.append(to: &json, depth)
            case .images: ImagesBody.append(to: &json, depth)
            case .recommendations: RelatedTitlesBody.append(to: &json, .recommendations, depth)
            case .similar: RelatedTitlesBody.append(to: &json, .similar, depth)
            case .watchProviders: WatchProvidersBody.append(to: &json, depth)
            }
        }
        json.raw("}")
        return json.bytes
    }

    /// Series details, then each appendix, then each season of `seasons` the series has under `"season/N"`, in the
    /// order asked (a season it does not have is left out, as TMDB leaves it out); the tagline, credits, keywords and
    /// seasons edited by `revision` (the show already is), the depth sub-resources and the episodes' votes drawn with
    /// `request`. The series' own translation echoes its name and overview.
    static func series(
        _ show: SandboxShow, appending appendices: [SeriesAppendix], seasons: [Int] = [], revision: Revision? = nil,
        request: DepthRequest = DepthRequest()
    ) -> [UInt8] {
        let version = revision?.version ?? 0
        var json = JSONBuffer(capacity: appendices.isEmpty && seasons.isEmpty ? 4_096 : 32_768)
        SeriesDetailsBody.append(show, tagline: revision?.tagline, version: version, to: &json)
        guard !appendices.isEmpty || !seasons.isEmpty else { return json.bytes }
        var bytes = json.bytes
        bytes.removeLast()
        json = JSONBuffer(capacity: bytes.count + 32_768)
        json.raw(bytes)
        var depth = TitleDepth(type: .series, id: show.id, version: version, request: request)
        depth.title = show.name
        depth.overview = show.overview
        depth.date = show.firstAirDate
        depth.originalLanguage = show.originalLanguage
        for appendix in appendices {
            json.raw(",\"\(appendix.rawValue)\":")
            switch appendix {
            case .aggregateCredits:
                AggregateCreditsBody.append(
                    to: &json, seriesId: show.id, castDelta: revision?.castDelta ?? 0,
                    crewDelta: revision?.crewDelta ?? 0)
            case .keywords:
                SeriesSubresourceBody.appendKeywords(to: &json, seriesId: show.id, delta: revision?.keywordDelta ?? 0)
            case .externalIds: SeriesSubresourceBody.appendExternalIds(to: &json, seriesId: show.id)
            case .contentRatings: SeriesSubresourceBody.appendContentRatings(to: &json, seriesId: show.id)
            case .alternativeTitles: AlternativeTitlesBody.append(to: &json, depth)
            case .translations: TranslationsBody.append(to: &json, depth)
            case .videos: VideosBody.append(to: &json, depth)
            case .images: ImagesBody.append(to: &json, depth)
            case .recommendations: RelatedTitlesBody.append(to: &json, .recommendations, depth)
            case .similar: RelatedTitlesBody.append(to: &json, .similar, depth)
            case .watchProviders: WatchProvidersBody.append(to: &json, depth)
            }
        }
        if !seasons.isEmpty {
            let drawn = SeriesSeasons(
                seriesId: show.id, version: version, firstAirDate: show.firstAirDate, step: request.step)
            for number in seasons where drawn.layout.season(number) != nil {
                json.raw(",\"season/\(number)\":")
                SeasonBody.append(to: &json, season: number, of: drawn)
            }
        }
        json.raw("}")
        return json.bytes
    }
}
