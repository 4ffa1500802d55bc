import Exporter

extension JobLoader {
    /// Loads the job file a command's argument names; a missing or invalid one fails the command as
    /// ``CommandFailure/invalidJob(_:)``.
    func commandJob(_ argument: String) throws(CommandFailure) -> Job {
        do { return try load(argument) } catch { throw .invalidJob(error) }
    }
}
