import HTTPClient

// TEMPORARY until the http branch lands (it gives APIClient these two members): removed at the merge.
extension APIClient {
    func withMaximumInFlight(_ limit: Int) -> APIClient {
        var copy = self
        copy.inFlightLimit = InFlightLimit(limit)
        return copy
    }
    func stopSending() { inFlightLimit?.halt() }
}
