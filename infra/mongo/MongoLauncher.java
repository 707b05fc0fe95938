// Runs mongo-java-server with its in-memory backend on a host and port of our choosing
// (its own main binds 27017 only). Usage: java -cp '<libs>/*' MongoLauncher.java <port> [host]
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

public class MongoLauncher {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String host = args.length > 1 ? args[1] : "127.0.0.1";
        MongoServer server = new MongoServer(new MemoryBackend());
        server.bind(host, port);
        Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
        System.out.println("mongo-java-server ready on " + host + ":" + port);
        Thread.currentThread().join();
    }
}
