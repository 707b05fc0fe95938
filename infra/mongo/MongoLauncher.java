// Runs mongo-java-server on a port of our choosing (its own main binds 27017 only), with one of two backends:
// given a data file, the H2 (MVStore) backend, which keeps every database in that file across restarts; without
// one, the in-memory backend. Usage: java -cp '<libs>/*' MongoLauncher.java <port> [data file]
//
// Both backends' collections find a document by `_id` the way MongoDB does (ById, below): mongo-java-server 1.47
// answers a query from an index only when the query names exactly that index's fields, so `{ _id, status }`,
// the shape of every conditional write of one document, read the whole collection while holding its lock.
//
// And both answer with copies (Answers, below): mongo-java-server applies an update to the stored document in
// place, and answers a find, or a findAndModify that returns the new document, with that same object, which it
// encodes after the collection's lock is let go. A write meanwhile could change it half-way: two concurrent
// `$inc`s of a counter answered the same number, and a read could see half of an update.
//
// On disk, the unique indexes (`_id`'s among them) keep their keys as bytes (SerializedKeys, below): the library's
// own H2 index orders its keys by their Java serialization, and serialized both keys anew for every comparison of
// every lookup, which was half of the server's CPU under the event path's load.
import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.AbstractMongoCollection;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.QueryParameters;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryCollection;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import de.bwaldvogel.mongo.oplog.Oplog;
import de.bwaldvogel.mongo.backend.AbstractUniqueIndex;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;
import org.h2.mvstore.type.ObjectDataType;

public class MongoLauncher {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String dataFile = args.length > 1 ? args[1] : null;
        // The MVStore commits its changes within a second. It never compacts the file, in the background or on
        // close: H2 2.3's compaction has lost chunks (a store closed cleanly at 300 MB would not open again:
        // "Chunk 46 not found"; h2database issues 4123 and 4383). The file grows instead; infra:reset empties it.
        MVStore store = dataFile == null ? null : new MVStore.Builder().fileName(dataFile).autoCompactFillRate(0).open();
        MongoBackend backend = store == null ? new ByIdMemoryBackend() : new ByIdH2Backend(store);
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

/**
 * Where a query names one `_id` (a string or an ObjectId, as our services' ids are) beside other conditions, the
 * one document with that `_id` is the only candidate: it is found through `_id`'s index and the whole query is
 * matched against it, as MongoDB does. Null: the collection's own planning (an exact index, else a scan).
 */
final class ById {
    private ById() {}

    static <P> Iterable<P> candidates(AbstractMongoCollection<P> collection, Document query) {
        Object id = query.get("_id");
        if (query.size() < 2 || !(id instanceof String || id instanceof ObjectId)) return null;
        for (Index<P> index : collection.getIndexes()) {
            if (index.getKeys().size() == 1 && index.getKeys().get(0).getKey().equals("_id")) {
                P position = index.getPosition(new Document("_id", id));
                return position == null ? List.of() : List.of(position);
            }
        }
        return null;
    }
}

/**
 * What a collection answers a find or a findAndModify with, copied while its lock is held: the documents of a
 * find's first batch, and a findAndModify's reply. The library's own findAndModify and delete query the collection
 * too, and change the stored documents they get (the memory backend stores that way): they, and an aggregate's
 * read of the whole collection (a count is one), get the stored documents as before. Not copied: a cursor's later
 * batches (getMore), distinct values, and what an aggregate answers.
 */
final class Answers {
    private Answers() {}

    static QueryResult copied(QueryResult result) {
        List<Document> documents = new ArrayList<>();
        for (Document document : result) documents.add(document.cloneDeeply());
        return new QueryResult(documents, result.getCursorId());
    }

    static Document copied(Document reply) {
        return reply == null ? null : reply.cloneDeeply();
    }
}

class ByIdH2Collection extends H2Collection {
    ByIdH2Collection(MongoDatabase database, String name, CollectionOptions options, MVMap<Object, Document> data,
                     MVMap<String, Object> meta, CursorRegistry cursors) {
        super(database, name, options, data, meta, cursors);
    }

    @Override
    protected QueryResult queryDocuments(Document query, Document orderBy, int skip, int limit, int batchSize,
                                         Document fields) {
        Iterable<Object> byId = ById.candidates(this, query);
        return byId == null
            ? super.queryDocuments(query, orderBy, skip, limit, batchSize, fields)
            : matchDocuments(query, byId, orderBy, skip, limit, batchSize, fields);
    }

    /** Set while the library's own work queries this collection: it reads, or changes, the stored documents. */
    private boolean working;

    private <T> T asWork(Supplier<T> work) {
        boolean was = working;
        working = true;
        try {
            return work.get();
        } finally {
            working = was;
        }
    }

    @Override
    public synchronized QueryResult handleQuery(QueryParameters parameters) {
        QueryResult result = super.handleQuery(parameters);
        return working ? result : Answers.copied(result);
    }

    @Override
    public synchronized Document findAndModify(Document query) {
        return Answers.copied(asWork(() -> super.findAndModify(query)));
    }

    @Override
    public synchronized int deleteDocuments(Document selector, int limit, Oplog oplog) {
        return asWork(() -> super.deleteDocuments(selector, limit, oplog));
    }

    /** An aggregate's (and so a count's) read of the whole collection, as before: not copied. */
    @Override
    public synchronized Iterable<Document> queryAll() {
        return asWork(() -> handleQuery(new Document()));
    }
}

class ByIdH2Backend extends H2Backend {
    ByIdH2Backend(MVStore store) {
        super(store);
    }

    /** Also called while H2Backend's constructor opens the databases in the file: only its own fields are set. */
    @Override
    protected MongoDatabase openOrCreateDatabase(String name) {
        return new Database(name);
    }

    /**
     * As H2Database opens a collection (the same map names, so existing data is found), but ours. An inner class:
     * H2Database's constructor opens collections before a field of a subclass would be set.
     */
    private class Database extends H2Database {
        Database(String name) {
            super(name, getMvStore(), getCursorRegistry());
        }

        @Override
        protected MongoCollection<Object> openOrCreateCollection(String name, CollectionOptions options) {
            String namespace = getFullCollectionNamespace(name);
            return new ByIdH2Collection(this, name, options, getMvStore().openMap("databases." + namespace),
                getMvStore().openMap("meta." + namespace), cursorRegistry);
        }

        /** The same map as H2Database's (so an index written before is found), read through SerializedKeys. */
        @Override
        protected Index<Object> openOrCreateUniqueIndex(String collection, String name, List<IndexKey> keys,
                                                        boolean sparse) {
            MVMap<SerializedKey, Object> map = getMvStore().openMap(
                getFullCollectionNamespace(collection) + "._index_" + name,
                new MVMap.Builder<SerializedKey, Object>().keyType(SerializedKey.TYPE));
            return new SerializedKeyIndex(map, name, keys, sparse);
        }
    }
}

/**
 * An index key as the library's H2 index stores it: its KeyValue's Java serialization, which is also the order of
 * that index's keys (H2 compares objects it does not know by their serialized bytes). Kept as those bytes, a key is
 * serialized once per lookup, not twice per comparison, and a stored key is never deserialized to be compared.
 * Files written by the library's own index read the same, in the same order.
 */
final class SerializedKey {
    static final Type TYPE = new Type();
    /** ObjectDataType's tag for a serialized object, the first byte of every key the library's index wrote. */
    private static final byte SERIALIZED = 19;

    final byte[] bytes;
    /** The key itself, once something asked for it (a walk through the whole index): a stored key lives on. */
    private KeyValue keyValue;

    private SerializedKey(byte[] bytes) {
        this.bytes = bytes;
    }

    static SerializedKey of(KeyValue key) {
        return new SerializedKey(ObjectDataType.serialize(key));
    }

    KeyValue keyValue() {
        if (keyValue == null) keyValue = (KeyValue) ObjectDataType.deserialize(bytes);
        return keyValue;
    }

    static final class Type extends BasicDataType<SerializedKey> {
        @Override
        public int compare(SerializedKey a, SerializedKey b) {
            return Arrays.compareUnsigned(a.bytes, b.bytes);
        }

        @Override
        public int getMemory(SerializedKey key) {
            return 24 + key.bytes.length;
        }

        @Override
        public void write(WriteBuffer buffer, SerializedKey key) {
            buffer.put(SERIALIZED).putVarInt(key.bytes.length).put(key.bytes);
        }

        @Override
        public SerializedKey read(ByteBuffer buffer) {
            byte tag = buffer.get();
            if (tag != SERIALIZED) throw new IllegalStateException("an index key of unknown type " + tag);
            byte[] bytes = new byte[DataUtils.readVarInt(buffer)];
            buffer.get(bytes);
            return new SerializedKey(bytes);
        }

        @Override
        public SerializedKey[] createStorage(int size) {
            return new SerializedKey[size];
        }
    }
}

/** H2UniqueIndex, with its keys as SerializedKeys. */
final class SerializedKeyIndex extends AbstractUniqueIndex<Object> {
    private final MVMap<SerializedKey, Object> map;

    SerializedKeyIndex(MVMap<SerializedKey, Object> map, String name, List<IndexKey> keys, boolean sparse) {
        super(name, keys, sparse);
        this.map = map;
    }

    @Override
    protected Object removeDocument(KeyValue key) {
        return map.remove(SerializedKey.of(key));
    }

    @Override
    protected boolean putKeyPosition(KeyValue key, Object position) {
        return map.putIfAbsent(SerializedKey.of(key), Missing.ofNullable(position)) == null;
    }

    @Override
    protected Iterable<Map.Entry<KeyValue, Object>> getIterable() {
        return () -> map.entrySet().stream()
            .<Map.Entry<KeyValue, Object>>map(e -> new AbstractMap.SimpleImmutableEntry<>(e.getKey().keyValue(), e.getValue()))
            .iterator();
    }

    @Override
    protected Object getPosition(KeyValue key) {
        return map.get(SerializedKey.of(key));
    }

    @Override
    public long getCount() {
        return map.sizeAsLong();
    }

    @Override
    public boolean isEmpty() {
        return map.isEmpty();
    }

    @Override
    public long getDataSize() {
        return getCount();
    }
}

class ByIdMemoryCollection extends MemoryCollection {
    ByIdMemoryCollection(MongoDatabase database, String name, CollectionOptions options, CursorRegistry cursors) {
        super(database, name, options, cursors);
    }

    @Override
    protected QueryResult queryDocuments(Document query, Document orderBy, int skip, int limit, int batchSize,
                                         Document fields) {
        Iterable<Integer> byId = ById.candidates(this, query);
        return byId == null
            ? super.queryDocuments(query, orderBy, skip, limit, batchSize, fields)
            : matchDocuments(query, byId, orderBy, skip, limit, batchSize, fields);
    }

    /** Set while the library's own work queries this collection: it reads, or changes, the stored documents. */
    private boolean working;

    private <T> T asWork(Supplier<T> work) {
        boolean was = working;
        working = true;
        try {
            return work.get();
        } finally {
            working = was;
        }
    }

    @Override
    public synchronized QueryResult handleQuery(QueryParameters parameters) {
        QueryResult result = super.handleQuery(parameters);
        return working ? result : Answers.copied(result);
    }

    @Override
    public synchronized Document findAndModify(Document query) {
        return Answers.copied(asWork(() -> super.findAndModify(query)));
    }

    @Override
    public synchronized int deleteDocuments(Document selector, int limit, Oplog oplog) {
        return asWork(() -> super.deleteDocuments(selector, limit, oplog));
    }

    /** An aggregate's (and so a count's) read of the whole collection, as before: not copied. */
    @Override
    public synchronized Iterable<Document> queryAll() {
        return asWork(() -> handleQuery(new Document()));
    }
}

class ByIdMemoryDatabase extends MemoryDatabase {
    ByIdMemoryDatabase(String name, CursorRegistry cursors) {
        super(name, cursors);
    }

    @Override
    protected MemoryCollection openOrCreateCollection(String name, CollectionOptions options) {
        return new ByIdMemoryCollection(this, name, options, cursorRegistry);
    }
}

class ByIdMemoryBackend extends MemoryBackend {
    @Override
    public MemoryDatabase openOrCreateDatabase(String name) {
        return new ByIdMemoryDatabase(name, getCursorRegistry());
    }
}
