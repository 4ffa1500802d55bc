import RunStore
import TMDBAPI

extension SeriesTable {
    /// Encodes the rows the seasons of one ``TMDB/SeasonBatch`` answer give this table (none for a table the details
    /// fill), episodes and their credits in TMDB's order, in the table's column order.
    func encodeRows(of seasons: [SeasonRecord], seriesID id: Int, into encoder: inout RecordEncoder) -> Int {
        var rows = 0
        switch self {
        case .episodes:
            for season in seasons {
                for episode in season.episodes {
                    encoder.integer("series_id", id)
                    encoder.integer("season_number", episode.seasonNumber ?? season.seasonNumber)
                    encoder.integer("episode_number", episode.episodeNumber)
                    encoder.integer("episode_id", episode.id)
                    encoder.string("name", episode.name)
                    encoder.string("air_date", episode.airDate)
                    encoder.string("episode_type", episode.episodeType)
                    encoder.integer("runtime", episode.runtime)
                    encoder.decimal("vote_average", episode.voteAverage)
                    encoder.integer("vote_count", episode.voteCount)
                    encoder.string("production_code", episode.productionCode)
                    encoder.string("overview", episode.overview)
                    encoder.string("still_path", episode.stillPath)
                    encoder.end()
                    rows += 1
                }
            }
        case .episodeCrew:
            for season in seasons {
                for episode in season.episodes {
                    for credit in episode.crew {
                        encoder.integer("series_id", id)
                        encoder.integer("episode_id", episode.id)
                        TitleCreditRows.credit(of: credit.person, creditID: credit.creditID, into: &encoder)
                        encoder.string("department", credit.department)
                        encoder.string("job", credit.job)
                        encoder.end()
                        rows += 1
                    }
                }
            }
        case .episodeGuestStars:
            for season in seasons {
                for episode in season.episodes {
                    for guest in episode.guestStars {
                        encoder.integer("series_id", id)
                        encoder.integer("episode_id", episode.id)
                        TitleCreditRows.credit(of: guest.person, creditID: guest.creditID, into: &encoder)
                        encoder.string("character", guest.character)
                        encoder.integer("order", guest.order)
                        encoder.end()
                        rows += 1
                    }
                }
            }
        default:
            break
        }
        return rows
    }
}
