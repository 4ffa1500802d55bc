import HTTPClient

extension APIClient {
    /// Sends the endpoint and returns its response or its error as a value, for child tasks that hand outcomes
    /// back to a parent instead of throwing.
    func result<E: Endpoint>(of endpoint: E) async -> Result<E.Response, ClientError> {
        do throws(ClientError) {
            return .success(try await send(endpoint))
        } catch {
            return .failure(error)
        }
    }
}

extension Result {
    /// Whether this is a success.
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
