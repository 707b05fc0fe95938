// Runs mongo-java-server on a port of our choosing (its own main binds 27017 only), with one of two backends:
// given a data file, the H2 (MVStore) backend, which keeps every database in that file across restarts; without
// one, the in-memory backend. Usage: java -cp '<libs>/*' MongoLauncher.java <port> [data file]
import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import org.h2.mvstore.MVStore;

public class MongoLauncher {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String dataFile = args.length > 1 ? args[1] : null;
        // The MVStore commits its changes within a second. It never compacts the file, in the background or on
        // close: H2 2.3's compaction has lost chunks (a store closed cleanly at 300 MB would not open again:
        // "Chunk 46 not found"; h2database issues 4123 and 4383). The file grows instead; infra:reset empties it.
        MVStore store = dataFile == null ? null : new MVStore.Builder().fileName(dataFile).autoCompactFillRate(0).open();
        MongoBackend backend = store == null ? new MemoryBackend() : new H2Backend(store);
        MongoServer server = new MongoServer(backend);
        server.bind("127.0.0.1", port);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdownNow();
            // What is left to write, written now, with no time for compaction.
            if (store != null) store.close(0);
        }));
        System.out.println("mongo-java-server ready on 127.0.0.1:" + port
            + (dataFile == null ? " (in memory)" : " (data in " + dataFile + ")"));
        Thread.currentThread().join();
    }
}
