/// `/3/watch/providers/movie` and `/3/watch/providers/tv`: `{"results":[{"display_priorities":{"AU":3,…},
/// "display_priority":3,"logo_path":…,"provider_name":…,"provider_id":…}]}`, every provider a title of that type
/// may name, the same every day. `watch_region` keeps the providers of one country, as TMDB's does.
enum WatchProviderListBody {
    static func render(_ type: CatalogueMediaType, region: String? = nil) -> [UInt8] {
        var json = JSONBuffer(capacity: 8_192)
        json.raw("{\"results\":[")
        let countries = region.map { WatchProvider.countries.contains($0) ? [$0] : [] } ?? WatchProvider.countries
        var first = true
        for provider in WatchProvider.catalogue(type) where !countries.isEmpty {
            json.raw(first ? "{\"display_priorities\":{" : ",{\"display_priorities\":{")
            first = false
            for (offset, country) in countries.sorted().enumerated() {
                if offset > 0 { json.raw(",") }
                json.string(country)
                json.raw(":")
                json.int(provider.displayPriority(in: country))
            }
            json.raw("},\"display_priority\":")
            json.int(provider.displayPriority(in: region ?? "US"))
            json.raw(",\"logo_path\":")
            json.string(provider.logoPath)
            json.raw(",\"provider_name\":")
            json.string(provider.name)
            json.raw(",\"provider_id\":")
            json.int(provider.id)
            json.raw("}")
        }
        json.raw("]}")
        return json.bytes
    }
}
