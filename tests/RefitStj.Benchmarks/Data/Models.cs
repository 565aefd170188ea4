namespace RefitStj.Benchmarks.Data;

// Payload shapes modelled on the web-application view models dotnet/performance uses for serializer benchmarks
// (a login form, an address, a landing page, an "my events" listing and a bag of primitive collections).
// Plain mutable classes with settable properties: the shape serializers bind by reflection.

/// <summary>A login form post: the smallest payload (~83 bytes of JSON).</summary>
public class LoginViewModel
{
    public string Email { get; set; } = "";

    public string Password { get; set; } = "";

    public bool RememberMe { get; set; }
}

/// <summary>A postal address (~200 bytes of JSON).</summary>
public class Location
{
    public int Id { get; set; }

    public string Address1 { get; set; } = "";

    public string? Address2 { get; set; }

    public string City { get; set; } = "";

    public string State { get; set; } = "";

    public string PostalCode { get; set; } = "";

    public string Name { get; set; } = "";

    public string PhoneNumber { get; set; } = "";

    public string Country { get; set; } = "";
}

/// <summary>A landing page: one featured campaign and a list of events (~12.5 KB of JSON).</summary>
public class IndexViewModel
{
    public bool IsNewAccount { get; set; }

    public CampaignSummary FeaturedCampaign { get; set; } = new();

    public List<EventSummary> ActiveOrUpcomingEvents { get; set; } = [];
}

public class CampaignSummary
{
    public int Id { get; set; }

    public string Title { get; set; } = "";

    public string Description { get; set; } = "";

    public string ImageUrl { get; set; } = "";

    public string OrganizationName { get; set; } = "";

    public string Headline { get; set; } = "";
}

public class EventSummary
{
    public int Id { get; set; }

    public string ImageUrl { get; set; } = "";

    public string Name { get; set; } = "";

    public string CampaignName { get; set; } = "";

    public string CampaignManagedOrganizerName { get; set; } = "";

    public string Description { get; set; } = "";

    public DateTimeOffset StartDate { get; set; }

    public DateTimeOffset EndDate { get; set; }
}

/// <summary>A volunteer's events in three lists, each event with its tasks (~58 KB of JSON).</summary>
public class MyEventsListerViewModel
{
    public List<MyEventsListerItem> CurrentEvents { get; set; } = [];

    public List<MyEventsListerItem> FutureEvents { get; set; } = [];

    public List<MyEventsListerItem> PastEvents { get; set; } = [];
}

public class MyEventsListerItem
{
    public int EventId { get; set; }

    public string EventName { get; set; } = "";

    public DateTimeOffset StartDate { get; set; }

    public DateTimeOffset EndDate { get; set; }

    public string TimeZone { get; set; } = "";

    public string Campaign { get; set; } = "";

    public string Organization { get; set; } = "";

    public int VolunteerCount { get; set; }

    public List<MyEventsListerItemTask> Tasks { get; set; } = [];
}

public class MyEventsListerItemTask
{
    public string Name { get; set; } = "";

    public DateTimeOffset? StartDate { get; set; }

    public DateTimeOffset? EndDate { get; set; }
}

/// <summary>Arrays, lists and a dictionary of primitives: base64, dates, doubles and integers (~48 KB of JSON).</summary>
public class CollectionsOfPrimitives
{
    public byte[] ByteArray { get; set; } = [];

    public DateTime[] DateTimeArray { get; set; } = [];

    public Dictionary<string, double> Dictionary { get; set; } = [];

    public List<int> ListOfInt { get; set; } = [];
}
