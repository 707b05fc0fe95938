// Runs mongo-java-server on a port of our choosing (its own main binds 27017 only), with one of two backends:
// given a data file, the H2 (MVStore) backend, which keeps every database in that file across restarts; without
// one, the in-memory backend. Usage: java -cp '<libs>/*' MongoLauncher.java <port> [data file]
import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

public class MongoLauncher {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String dataFile = args.length > 1 ? args[1] : null;
        // The MVStore commits its changes within a second; closing the backend on SIGTERM commits the rest.
        MongoBackend backend = dataFile == null ? new MemoryBackend() : new H2Backend(dataFile);
        MongoServer server = new MongoServer(backend);
        server.bind("127.0.0.1", port);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdownNow();
            backend.close();
        }));
        System.out.println("mongo-java-server ready on 127.0.0.1:" + port
            + (dataFile == null ? " (in memory)" : " (data in " + dataFile + ")"));
        Thread.currentThread().join();
    }
}
