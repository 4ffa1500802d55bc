import RunStore
import TMDBAPI

/// The rows of the sub-resources movies and series share beyond credits and keywords, each keyed by the title's id
/// under `parent` (`movie_id` or `series_id`), in TMDB's order; each returns the number of rows written.
enum TitleDepthRows {
    static func alternativeTitles(
        _ titles: [CatalogueRecord.AlternativeTitle], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        encoder.rows(of: titles, parent: parent, id: id) { title, row in
            row.string("country", title.country)
            row.string("title", title.title)
            row.string("type", title.type)
        }
    }

    /// `runtime` only for movies: series' translations have none.
    static func translations(
        _ translations: [CatalogueRecord.Translation], parent: StaticString, id: Int, runtime: Bool,
        into encoder: inout RecordEncoder
    ) -> Int {
        encoder.rows(of: translations, parent: parent, id: id) { translation, row in
            row.string("language", translation.language)
            row.string("country", translation.country)
            row.string("language_name", translation.languageName)
            row.string("english_name", translation.englishName)
            row.string("title", translation.title)
            row.string("overview", translation.overview)
            row.string("tagline", translation.tagline)
            row.string("homepage", translation.homepage)
            if runtime { row.integer("runtime", translation.runtime) }
        }
    }

    static func videos(
        _ videos: [CatalogueRecord.Video], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        encoder.rows(of: videos, parent: parent, id: id) { video, row in
            row.string("video_id", video.id)
            row.string("language", video.language)
            row.string("country", video.country)
            row.string("name", video.name)
            row.string("site", video.site)
            row.string("key", video.key)
            row.string("type", video.type)
            row.boolean("official", video.official)
            row.integer("size", video.size)
            row.string("published_at", video.publishedAt)
        }
    }

    static func images(
        _ images: [CatalogueRecord.Image], parent: StaticString, id: Int, into encoder: inout RecordEncoder
    ) -> Int {
        encoder.rows(of: images, parent: parent, id: id) { image, row in
            row.string("kind", image.kind.rawValue)
            row.string("file_path", image.filePath)
            row.string("language", image.language)
            row.integer("width", image.width)
            row.integer("height", image.height)
            row.decimal("aspect_ratio", image.aspectRatio)
            row.decimal("vote_average", image.voteAverage)
            row.integer("vote_count", image.voteCount)
        }
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
        encoder.rows(of: offers, parent: parent, id: id) { offer, row in
            row.string("country", offer.country)
            row.string("kind", offer.kind.rawValue)
            row.integer("provider_id", offer.providerID)
            row.string("provider_name", offer.providerName)
            row.integer("display_priority", offer.displayPriority)
            row.string("link", offer.link)
        }
    }
}
