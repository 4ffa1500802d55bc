import RunStore

extension JobSchedule {
    /// What the run's loop did, for the manifest: its failures, posters, unsafe poster paths and how long each phase
    /// took (setup from `setupStarted`; `finish` is the time the tables took to finish).
    func outcome(setupStarted: ContinuousClock.Instant, finish: Duration) -> RunOutcome {
        func seconds(_ start: ContinuousClock.Instant?, _ end: ContinuousClock.Instant?) -> Double {
            guard let start, let end else { return 0 }
            return RunRecord.milliseconds((end - start).seconds)
        }
        return RunOutcome(
            failures: failures, posterFiles: posterFiles, unsafePosterPaths: unsafePosterPaths,
            timings: Manifest.Timings(
                setupSeconds: seconds(setupStarted, timings.setupEnded),
                listsSeconds: seconds(timings.listsStarted, timings.listsEnded),
                postersSeconds: seconds(timings.postersStarted, timings.postersEnded),
                finishSeconds: RunRecord.milliseconds(finish.seconds)))
    }
}
