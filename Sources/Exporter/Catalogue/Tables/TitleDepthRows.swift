import RunStore
import TMDBAPI

/// The rows of the sub-resources movies and series share beyond credits and keywords, each keyed by the title's id
/// under `parent` (`movie_id` or `series_id`), in TMDB's order; each returns the number of rows written.
enum TitleDepthRows {
    static func alternativeTitles(
        _ titles: [CatalogueRecord.AlternativeTitle], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        for title in titles {
            encoder.integer(parent, id)
            encoder.string("country", title.country)
            encoder.string("title", title.title)
            encoder.string("type", title.type)
            encoder.end()
        }
        return titles.count
    }

    /// `runtime` only for movies: series' translations have none.
    static func translations(
        _ translations: [CatalogueRecord.Translation], parent: StaticString, id: Int, runtime: Bool,
        into encoder: inout RecordEncoder
    ) -> Int {
        for translation in translations {
            encoder.integer(parent, id)
            encoder.string("language", translation.language)
            encoder.string("country", translation.country)
            encoder.string("language_name", translation.languageName)
            encoder.string("english_name", translation.englishName)
            encoder.string("title", translation.title)
            encoder.string("overview", translation.overview)
            encoder.string("tagline", translation.tagline)
            encoder.string("homepage", translation.homepage)
            if runtime { encoder.integer("runtime", translation.runtime) }
            encoder.end()
        }
        return translations.count
    }

    static func videos(
        _ videos: [CatalogueRecord.Video], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        for video in videos {
            encoder.integer(parent, id)
            encoder.string("video_id", video.id)
            encoder.string("language", video.language)
            encoder.string("country", video.country)
            encoder.string("name", video.name)
            encoder.string("site", video.site)
            encoder.string("key", video.key)
            encoder.string("type", video.type)
            encoder.boolean("official", video.official)
            encoder.integer("size", video.size)
            encoder.string("published_at", video.publishedAt)
            encoder.end()
        }
        return videos.count
    }

    static func images(
        _ images: [CatalogueRecord.Image], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        for image in images {
            encoder.integer(parent, id)
            encoder.string("kind", image.kind.rawValue)
            encoder.string("file_path", image.filePath)
            encoder.string("language", image.language)
            encoder.integer("width", image.width)
            encoder.integer("height", image.height)
            encoder.decimal("aspect_ratio", image.aspectRatio)
            encoder.decimal("vote_average", image.voteAverage)
            encoder.integer("vote_count", image.voteCount)
            encoder.end()
        }
        return images.count
    }

    /// A page of titles as `rank` (1 first) and the title's id under `column`.
    static func page(
        _ ids: [Int?], column: StaticString, parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        for (index, title) in ids.enumerated() {
            encoder.integer(parent, id)
            encoder.integer("rank", index + 1)
            encoder.integer(column, title)
            encoder.end()
        }
        return ids.count
    }

    static func watchOffers(
        _ offers: [CatalogueRecord.WatchOffer], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        for offer in offers {
            encoder.integer(parent, id)
            encoder.string("country", offer.country)
            encoder.string("kind", offer.kind.rawValue)
            encoder.integer("provider_id", offer.providerID)
            encoder.string("provider_name", offer.providerName)
            encoder.integer("display_priority", offer.displayPriority)
            encoder.string("link", offer.link)
            encoder.end()
        }
        return offers.count
    }
}
